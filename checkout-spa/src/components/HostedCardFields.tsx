import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import type { Messages } from '../i18n/messages';
import { BRAND_NAMES, type Brand } from '../models/card';
import { type HostedFields, mountHostedFields } from '../models/hosted-fields';
import type { CardErrors } from './CardFields';
import { BrandMark } from './Marks';

/**
 * The card's fields as the processor draws them, in its own iframes, inside Kupa's labels, layout and
 * error lines: the page keeps its look, in Hebrew and English, while the card number, expiry and
 * security code are typed into the processor's frames alone. Each frame is named by its label.
 */
export function HostedCardFields({
  t,
  scriptUrl,
  askHolderId,
  errors,
  onReady,
}: {
  t: Messages;
  scriptUrl: string;
  askHolderId: boolean;
  /** What the processor's fields refused, in the page's words. */
  errors: CardErrors;
  onReady: (fields: HostedFields) => void;
}) {
  const failed = useSignal(false);
  const brand = useSignal<Brand>('unknown');
  useEffect(() => {
    mountHostedFields(
      scriptUrl,
      {
        number: { selector: '#card-number', title: t.cardNumber, placeholder: '1234 1234 1234 1234' },
        expiry: { selector: '#card-expiry', title: t.expiry, placeholder: t.expiryPlaceholder },
        cvc: { selector: '#card-cvc', title: t.securityCode, placeholder: '123' },
        ...(askHolderId ? { holderId: { selector: '#card-holder-id', title: t.holderId, placeholder: '' } } : {}),
      },
      (typed) => (brand.value = typed),
    ).then(onReady, () => (failed.value = true));
    // The frames are drawn once; the processor's script owns them from then on.
  }, []);
  const spot = (id: string, label: string, error: string | undefined, hint?: string, mark?: preact.ComponentChildren) => (
    <div class={error ? 'field field--invalid' : 'field'}>
      <span class="field-label" id={`${id}-label`}>
        {label}
        {mark}
      </span>
      <div id={id} class="hosted-field" role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} />
      {hint && <p class="field-hint">{hint}</p>}
      {error && (
        <p id={`${id}-error`} class="field-error">
          {error}
        </p>
      )}
    </div>
  );
  const typed = brand.value;
  return (
    <fieldset class="card-fields card-fields--hosted">
      <legend class="visually-hidden">{t.cardDetails}</legend>
      {failed.value && (
        <p class="field-error" role="alert">
          {t.cardFieldsUnavailable}
        </p>
      )}
      {spot(
        'card-number',
        t.cardNumber,
        errors.number,
        undefined,
        typed !== 'unknown' && (
          <span class="field-label__brand" data-brand={typed}>
            <BrandMark brand={typed} />
            <span>{BRAND_NAMES[typed]}</span>
          </span>
        ),
      )}
      <div class="field-row">
        {spot('card-expiry', t.expiry, errors.expiry)}
        {spot('card-cvc', t.securityCode, errors.cvc)}
      </div>
      {askHolderId && spot('card-holder-id', t.holderId, errors.holder_id, t.holderIdHint)}
    </fieldset>
  );
}
