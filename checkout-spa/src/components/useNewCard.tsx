import { useSignal } from '@preact/signals';
import type { components } from '@kupa/sdk';
import type { Messages } from '../i18n/messages';
import { type CardField, type CardInput, CardRefused } from '../models/card';
import type { HostedFields } from '../models/hosted-fields';
import { type CardErrors, CardFields } from './CardFields';
import { HostedCardFields } from './HostedCardFields';
import { useCardForm } from './useCardForm';

type CardCollection = components['schemas']['CheckoutPage']['payment_options']['card_collection'];

/** What each field the processor's fields refused is told (the key of its words in `Messages['errors']`). */
const HOSTED_ERRORS = {
  number: 'numberInvalid',
  expiry: 'expiryInvalid',
  cvc: 'cvcInvalid',
  holder_id: 'holderIdInvalid',
} as const satisfies Record<CardField, string>;

/**
 * A new card, taken in the page's own fields or in the processor's (`hosted_fields`: live mode on a
 * processor that takes cards in its iframes), under the same labels and error lines. `fields` draws
 * them; `submit` hands the card to `withCard`, or the drawn fields to `inFields`, and shows under its
 * field what either refused. It answers whether the callback did (a saved card, a payment made).
 */
export function useNewCard(t: Messages, collection: CardCollection, askHolderId: boolean, disabled: boolean) {
  const card = useCardForm(t, askHolderId);
  // The processor's own fields, once drawn.
  const hosted = useSignal<HostedFields | null>(null);
  const hostedErrors = useSignal<CardErrors>({});
  const inProcessorFields = collection.type === 'hosted_fields';
  return {
    /** Whether the card can be sent: the processor's fields wait until they are drawn. */
    ready: !inProcessorFields || hosted.value !== null,
    fields: inProcessorFields ? (
      <HostedCardFields
        t={t}
        scriptUrl={collection.script_url!}
        askHolderId={askHolderId}
        errors={hostedErrors.value}
        onReady={(fields) => (hosted.value = fields)}
      />
    ) : (
      <CardFields
        t={t}
        values={card.values}
        errors={card.errors}
        brand={card.brand}
        askHolderId={askHolderId}
        disabled={disabled}
        onInput={card.onInput}
        onBlur={card.onBlur}
      />
    ),
    async submit(withCard: (input: CardInput) => Promise<unknown>, inFields: (fields: HostedFields) => Promise<unknown>): Promise<boolean> {
      if (inProcessorFields) {
        hostedErrors.value = {};
        if (!hosted.value) return false;
        try {
          return Boolean(await inFields(hosted.value));
        } catch (error) {
          if (!(error instanceof CardRefused)) throw error;
          hostedErrors.value = { [error.field]: t.errors[HOSTED_ERRORS[error.field]] };
          return false;
        }
      }
      const input = card.read();
      if (!input) return false;
      try {
        return Boolean(await withCard(input));
      } catch (error) {
        card.refused(error);
        return false;
      }
    },
  };
}
