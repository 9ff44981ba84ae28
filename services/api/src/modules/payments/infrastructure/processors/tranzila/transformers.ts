import type {
  AuthorizeRequest,
  BitPageRequest,
  CardDetails,
  CardInput,
  HostedChargeRequest,
} from '../../../application/ports/card-processor';
import { brandNamed } from '../../../domain/card';
import { agorot, shekels } from './wire';

/**
 * Our requests in Tranzila's words, and its answers in ours. Everything Tranzila needs to act on a card
 * or a transaction later is carried in the opaque strings we keep: a card token is
 * `<TranzilaTK>~<MMYY>~<last4>~<brand>` (Tranzila's token does not carry the expiry it must be sent with,
 * nor what a charge shows of the card), a charge's reference is
 * `<transaction id>~<authorization number>~<TranzilaTK>~<MMYY>~<amount in agorot>`, and a Bit payment's
 * `bit~<transaction id>~<amount in agorot>` (no card: Bit refunds name the transaction alone).
 */

export type TxnType = 'debit' | 'verify' | 'force' | 'reversal' | 'credit';

/** The body of `POST /v1/transaction/credit_card/create`. */
export type TransactionBody = Record<string, unknown> & { terminal_name: string; txn_type: TxnType };

export interface CardToken {
  token: string;
  expMonth: number;
  expYear: number;
  last4: string;
  brand: CardDetails['brand'];
}

/** What a follow-up call (force, reversal, credit) sends of the card. */
export type CardOnFile = Pick<CardToken, 'token' | 'expMonth' | 'expYear'>;

export interface ChargeRef {
  transactionId: string;
  authNumber: string;
  card: CardOnFile;
  amount: number;
}

const expiryText = (card: CardOnFile) => `${String(card.expMonth).padStart(2, '0')}${String(card.expYear % 100).padStart(2, '0')}`;

export function cardTokenText(card: CardToken): string {
  return [card.token, expiryText(card), card.last4, card.brand].join('~');
}

export function parseCardToken(text: string): CardToken | null {
  const match = /^([0-9A-Za-z]+)~(\d{2})(\d{2})~(\d{0,4})~([a-z]+)$/.exec(text);
  if (!match || (match[5] !== 'unknown' && brandNamed(match[5]) === 'unknown')) return null;
  return {
    token: match[1],
    expMonth: Number(match[2]),
    expYear: 2000 + Number(match[3]),
    last4: match[4],
    brand: match[5] as CardDetails['brand'],
  };
}

export function chargeRefText(ref: ChargeRef): string {
  return [ref.transactionId, ref.authNumber, ref.card.token, expiryText(ref.card), String(ref.amount)].join('~');
}

export function parseChargeRef(text: string): ChargeRef | null {
  const match = /^([^~]+)~([^~]*)~([0-9A-Za-z]+)~(\d{2})(\d{2})~(\d+)$/.exec(text);
  if (!match) return null;
  return {
    transactionId: match[1],
    authNumber: match[2],
    card: { token: match[3], expMonth: Number(match[4]), expYear: 2000 + Number(match[5]) },
    amount: Number(match[6]),
  };
}

/** One line of the amount, as Tranzila's transaction takes its sum from its items. */
function items(amount: number, name: string): object[] {
  return [{ name: name.slice(0, 100), type: 'I', unit_price: shekels(amount), units_number: 1, currency_code: 'ILS' }];
}

function byToken(card: CardOnFile): object {
  return { card_number: card.token, expire_month: card.expMonth, expire_year: card.expYear % 100 };
}

/** J2 with the card itself: Tranzila checks it and answers its token. */
export function tokenizeBody(terminal: string, card: CardInput): TransactionBody {
  return {
    terminal_name: terminal,
    txn_type: 'verify',
    verify_mode: 2,
    card_number: card.number.replace(/\s+/g, ''),
    expire_month: card.expMonth,
    expire_year: card.expYear % 100,
    cvv: card.cvc,
    ...(card.holderId ? { card_holder_id: card.holderId } : {}),
    items: items(100, 'Card check'),
    response_language: 'english',
  };
}

/** J2 by token: the card is checked again, nothing is charged. */
export function verifyBody(terminal: string, card: CardToken, idempotencyKey: string): TransactionBody {
  return {
    terminal_name: terminal,
    txn_type: 'verify',
    verify_mode: 2,
    ...byToken(card),
    items: items(100, 'Card check'),
    DCdisable: idempotencyKey,
  };
}

/**
 * J4 (`debit`) or J5 (`verify`, mode 5), by token, with the duplicate guard keyed by our idempotency key.
 * Installments are regular payments (plan 8): the first payment takes what the others leave over.
 */
export function authorizeBody(terminal: string, card: CardToken, request: AuthorizeRequest): TransactionBody {
  const plan =
    request.installments && request.installments > 1 ? installmentPlan(request.amount, request.installments) : { payment_plan: 1 };
  return {
    terminal_name: terminal,
    txn_type: request.capture ? 'debit' : 'verify',
    ...(request.capture ? {} : { verify_mode: 5 }),
    ...byToken(card),
    txn_currency_code: 'ILS',
    ...plan,
    items: items(request.amount, request.reference),
    DCdisable: request.idempotencyKey,
    ...(request.merchantInitiated ? { recurring: 1 } : {}),
  };
}

export function installmentPlan(amount: number, count: number): Record<string, unknown> {
  const { first, other } = splitPayments(amount, count);
  return { payment_plan: 8, installments_number: count, first_installment_amount: first, other_installments_amount: other };
}

/** Regular payments of `amount`: the first takes what the others leave over. */
function splitPayments(amount: number, count: number) {
  const other = Math.floor(amount / count);
  return { first: shekels(amount - other * (count - 1)), other: shekels(other) };
}

/**
 * What the page passes to the hosted fields' `charge`: the terminal, the handshake that locked the
 * amount, the amount, a sale (`tran_mode` A) or a J5 hold (V), and the plan. The docs name
 * `terminal_name`, `amount` and `thtk`; the rest is as public integrations send it (`payment_plan` 8 with
 * `total_installments_number` and the two payment amounts). `DCdisable` carries the attempt's key into
 * the duplicate guard, user field 20, as it does on the API, so the payment is found by it.
 */
export function hostedChargeParams(terminal: string, thtk: string, request: HostedChargeRequest): Record<string, string> {
  const count = request.installments ?? 1;
  const split = splitPayments(request.amount, count);
  return {
    terminal_name: terminal,
    thtk,
    amount: shekels(request.amount).text,
    currency_code: request.currency.toUpperCase(),
    tran_mode: request.capture ? 'A' : 'V',
    ...(count > 1
      ? {
          payment_plan: '8',
          total_installments_number: String(count),
          first_installment_amount: split.first.text,
          other_installments_amount: split.other.text,
        }
      : { payment_plan: '1' }),
    DCdisable: request.idempotencyKey,
  };
}

/**
 * `POST /v1/transaction/bit/init`, with the keys its page lists as required. The docs ask for the
 * attempt's key among `user_defined_fields` under the field's name in the terminal ("identical to user
 * defined fields in My Tranzila"), which is field 20's, so the search finds a Bit payment as any other.
 * Its `expire_month` is listed as required without saying why; it is sent as the example shows it.
 */
export function bitInitBody(terminal: string, keyField: string, request: BitPageRequest): Record<string, unknown> {
  return {
    terminal_name: terminal,
    txn_currency_code: 'ILS',
    txn_type: 'debit',
    success_url: request.successUrl,
    failure_url: request.failureUrl,
    notify_url: request.notifyUrl,
    expire_month: 6,
    items: items(request.amount, request.description),
    response_language: request.language === 'he' ? 'hebrew' : 'english',
    user_defined_fields: [{ name: keyField, value: request.idempotencyKey }],
  };
}

export interface BitRef {
  transactionId: string;
  amount: number;
}

export function bitRefText(ref: BitRef): string {
  return `bit~${ref.transactionId}~${ref.amount}`;
}

export function parseBitRef(text: string): BitRef | null {
  const match = /^bit~(\d{1,18})~(\d+)$/.exec(text);
  return match ? { transactionId: match[1], amount: Number(match[2]) } : null;
}

/** A capture (`force`), release (`reversal`) or refund (`credit`) of the transaction `ref` names. */
export function followUpBody(
  terminal: string,
  txnType: 'force' | 'reversal' | 'credit',
  ref: ChargeRef,
  amount: number,
  idempotencyKey: string,
): TransactionBody {
  return {
    terminal_name: terminal,
    txn_type: txnType,
    reference_txn_id: ref.transactionId,
    authorization_number: ref.authNumber,
    ...byToken(ref.card),
    txn_currency_code: 'ILS',
    items: items(amount, txnType),
    DCdisable: idempotencyKey,
  };
}

/** What a transaction's result says of the card. */
export interface TransactionResult {
  processor_response_code?: string;
  transaction_id?: string;
  auth_number?: string;
  token?: string;
  last_4?: string;
  card_type_name?: string;
  expiry_month?: string;
  expiry_year?: string;
}

export function brandOf(cardTypeName: string | undefined): CardDetails['brand'] {
  return brandNamed(cardTypeName ?? '');
}

/** A search result's transaction, as `POST /v1/transaction` lists them. */
export interface FoundTransaction {
  index: string;
  transaction_date: string;
  transaction_time: string;
  amount: string;
  credit_card_token: string;
  expiration_month: string;
  expiration_year: string;
  authorization_number: string;
  processor_response_code: string;
  txn_type?: string;
  /** 1 one payment, 8 regular payments, 6 the issuer's credit. */
  payment_plan?: string;
  number_of_payments?: string;
  /** User field 20, the duplicate guard: the key Kupa gave the call (`user_defined_N` in every row). */
  user_defined_20?: string;
}

export function chargeRefOf(found: FoundTransaction): ChargeRef {
  return {
    transactionId: found.index,
    authNumber: found.authorization_number,
    card: {
      token: found.credit_card_token,
      expMonth: Number(found.expiration_month),
      expYear: 2000 + (Number(found.expiration_year) % 100),
    },
    amount: agorot(found.amount),
  };
}

/** Tranzila's dates and times are Israel's local time. */
export function israelTime(date: string, time: string): Date {
  const [y, mo, d] = date.split('-').map(Number);
  const [h, mi, s] = time.split(':').map(Number);
  const asIfUtc = Date.UTC(y, mo - 1, d, h, mi, s ?? 0);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Jerusalem',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(asIfUtc))
      .map((part) => [part.type, part.value]),
  );
  const offset = Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second) - asIfUtc;
  return new Date(asIfUtc - offset);
}

/** The date of `now` in Israel, `YYYY-MM-DD`. */
export function israelDate(now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(now);
}
