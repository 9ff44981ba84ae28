import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { Messages } from '../i18n/messages';
import { type HostedFields, mountHostedFields } from '../models/hosted-fields';

/**
 * The card's fields as the processor draws them, in its own iframes, inside Kupa's labels, layout and
 * error lines: the page keeps its look, in Hebrew and English, while the card number, expiry and
 * security code are typed into the processor's frames alone. Each frame is named by its label.
 */
export function HostedCardFields({
  t,
  scriptUrl,
  askHolderId,
  onReady,
}: {
  t: Messages;
  scriptUrl: string;
  askHolderId: boolean;
  onReady: (fields: HostedFields) => void;
}) {
  const failed = useSignal(false);
  useEffect(() => {
    mountHostedFields(scriptUrl, {
      number: { selector: '#card-number', title: t.cardNumber, placeholder: '1234 1234 1234 1234' },
      expiry: { selector: '#card-expiry', title: t.expiry, placeholder: t.expiryPlaceholder },
      cvc: { selector: '#card-cvc', title: t.securityCode, placeholder: '123' },
      ...(askHolderId ? { holderId: { selector: '#card-holder-id', title: t.holderId, placeholder: '' } } : {}),
    }).then(onReady, () => (failed.value = true));
    // The frames are drawn once; the processor's script owns them from then on.
  }, []);
  const spot = (id: string, label: string, hint?: string) => (
    <div class="field">
      <span class="field-label" id={`${id}-label`}>
        {label}
      </span>
      <div id={id} class="hosted-field" role="group" aria-labelledby={`${id}-label`} />
      {hint && <p class="field-hint">{hint}</p>}
    </div>
  );
  return (
    <fieldset class="card-fields card-fields--hosted">
      <legend class="visually-hidden">{t.cardDetails}</legend>
      {failed.value && (
        <p class="field-error" role="alert">
          {t.cardFieldsUnavailable}
        </p>
      )}
      {spot('card-number', t.cardNumber)}
      <div class="field-row">
        {spot('card-expiry', t.expiry)}
        {spot('card-cvc', t.securityCode)}
      </div>
      {askHolderId && spot('card-holder-id', t.holderId, t.holderIdHint)}
    </fieldset>
  );
}
