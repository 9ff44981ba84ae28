import { BRAND_NAMES, type Brand, type CardField } from './card';

/**
 * The processor's own card fields (Tranzila's Hosted Fields): its script draws one iframe per field
 * inside containers this page gives it, and `charge` sends the card from those iframes to the processor
 * alone. The page never holds the card number, the expiry or the security code; it hands the fields
 * the charge the server prepared (the amount locked at the processor) and reports what they answered.
 */

interface ProcessorFields {
  charge(params: Record<string, string>, callback: (error: unknown, response: unknown) => void): void;
  onEvent?(name: string, listener: (detail: unknown) => void): void;
}

declare global {
  interface Window {
    TzlaHostedFields?: { create(options: object): ProcessorFields };
  }
}

/** What the fields answered a charge, as the page reports it. */
export interface FieldsAnswer {
  /** The processor's transaction, or null when the fields made none. */
  transactionId: string | null;
  /** What the fields showed of the card, for the receipt. */
  card: { brand: string; last4: string } | null;
  /** The processor's code when it refused before a payment (912791: the amount is not the locked one). */
  refusal: string | null;
  /** The fields the processor found wrong before charging anything. */
  invalid: CardField[];
}

export interface HostedFields {
  charge(params: Record<string, string>): Promise<FieldsAnswer>;
}

/** The processor's field names, in the page's. */
const FIELDS: Record<string, CardField> = {
  credit_card_number: 'number',
  expiry: 'expiry',
  cvv: 'cvc',
  card_holder_id_number: 'holder_id',
};

/** Each field's container, and the words its frame is named by (its label) and shows (its placeholder). */
export interface FieldSpot {
  selector: string;
  title: string;
  placeholder: string;
}

let loading: Promise<void> | null = null;

function loadScript(url: string): Promise<void> {
  loading ??= new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.onload = () => resolve();
    script.onerror = () => {
      loading = null;
      reject(new Error('The card fields could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** Loads the processor's script and draws its fields into the spots; each frame is titled by its label. */
export async function mountHostedFields(
  scriptUrl: string,
  spots: { number: FieldSpot; expiry: FieldSpot; cvc: FieldSpot; holderId?: FieldSpot },
  onBrand: (brand: Brand) => void,
): Promise<HostedFields> {
  await loadScript(scriptUrl);
  const field = (spot: FieldSpot, tabindex: number) => ({ selector: spot.selector, placeholder: spot.placeholder, tabindex });
  const fields = window.TzlaHostedFields!.create({
    fields: {
      credit_card_number: field(spots.number, 1),
      expiry: field(spots.expiry, 2),
      cvv: field(spots.cvc, 3),
      ...(spots.holderId ? { card_holder_id_number: field(spots.holderId, 4) } : {}),
    },
  });
  for (const spot of Object.values(spots))
    document.querySelector(spot.selector)?.querySelector('iframe')?.setAttribute('title', spot.title);
  // The brand typed so far, for the mark beside the number's label.
  fields.onEvent?.('cardTypeChange', (detail) => {
    const type = String((detail as { cardType?: unknown } | null)?.cardType ?? '');
    onBrand(type in BRAND_NAMES ? (type as Brand) : 'unknown');
  });
  return {
    charge: (params) =>
      new Promise((resolve) =>
        fields.charge(params, (error, response) => {
          const answered = (response as { transaction_response?: Record<string, unknown> } | null)?.transaction_response;
          const errors = Array.isArray(error) ? (error as Array<{ code?: unknown; field?: unknown }>) : [];
          const refused = errors.find((entry) => entry.field === undefined)?.code;
          const last4 = typeof answered?.last_4 === 'string' && /^\d{4}$/.test(answered.last_4) ? answered.last_4 : null;
          resolve({
            transactionId: typeof answered?.transaction_id === 'string' ? answered.transaction_id : null,
            card: last4 ? { brand: String(answered?.card_type_name ?? ''), last4 } : null,
            refusal: refused === undefined || refused === null ? null : String(refused),
            invalid: errors.flatMap((entry) => (typeof entry.field === 'string' && FIELDS[entry.field] ? [FIELDS[entry.field]] : [])),
          });
        }),
      ),
  };
}
