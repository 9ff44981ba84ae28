import type { Messages } from '../i18n/messages';
import { BRAND_NAMES, type Brand } from '../models/card';
import { BrandMark } from './Marks';
import type { CardField } from '../models/card';

export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  holder_id: string;
}

export type CardErrors = Partial<Record<CardField, string>>;

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: (describedBy: string | undefined) => preact.ComponentChildren;
}) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;
  return (
    <div class={error ? 'field field--invalid' : 'field'}>
      <label for={id}>{label}</label>
      {children(describedBy)}
      {hint && (
        <p id={`${id}-hint`} class="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} class="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The card's fields: number (grouped as typed, brand shown), expiry, security code, and the ID number when asked. */
export function CardFields({
  t,
  values,
  errors,
  brand,
  askHolderId,
  disabled,
  onInput,
  onBlur,
}: {
  t: Messages;
  values: CardValues;
  errors: CardErrors;
  brand: Brand;
  askHolderId: boolean;
  disabled: boolean;
  onInput: (field: keyof CardValues, value: string) => void;
  onBlur: (field: keyof CardValues) => void;
}) {
  const input = (field: keyof CardValues) => ({
    value: values[field],
    disabled,
    dir: 'ltr' as const,
    'aria-invalid': errors[field as CardField] ? ('true' as const) : undefined,
    onInput: (e: Event) => onInput(field, (e.currentTarget as HTMLInputElement).value),
    onBlur: () => onBlur(field),
  });
  return (
    <fieldset class="card-fields">
      <legend class="visually-hidden">{t.cardDetails}</legend>
      <Field id="card-number" label={t.cardNumber} error={errors.number}>
        {(describedBy) => (
          <div class={brand === 'unknown' ? 'card-number' : 'card-number card-number--branded'}>
            <input
              id="card-number"
              name="cardnumber"
              inputMode="numeric"
              autocomplete="cc-number"
              placeholder="1234 1234 1234 1234"
              aria-describedby={describedBy}
              {...input('number')}
            />
            {brand !== 'unknown' && (
              <span class="card-number__brand" data-brand={brand}>
                <BrandMark brand={brand} />
                <span>{BRAND_NAMES[brand]}</span>
              </span>
            )}
          </div>
        )}
      </Field>
      <div class="field-row">
        <Field id="card-expiry" label={t.expiry} error={errors.expiry}>
          {(describedBy) => (
            <input
              id="card-expiry"
              name="exp-date"
              inputMode="numeric"
              autocomplete="cc-exp"
              placeholder={t.expiryPlaceholder}
              aria-describedby={describedBy}
              {...input('expiry')}
            />
          )}
        </Field>
        <Field id="card-cvc" label={t.securityCode} error={errors.cvc}>
          {(describedBy) => (
            <input
              id="card-cvc"
              name="cvc"
              inputMode="numeric"
              autocomplete="cc-csc"
              maxLength={4}
              placeholder="123"
              aria-describedby={describedBy}
              title={t.securityCodeHint}
              {...input('cvc')}
            />
          )}
        </Field>
      </div>
      {askHolderId && (
        <Field id="card-holder-id" label={t.holderId} hint={t.holderIdHint} error={errors.holder_id}>
          {(describedBy) => (
            <input
              id="card-holder-id"
              name="holder-id"
              inputMode="numeric"
              autocomplete="off"
              maxLength={9}
              aria-describedby={describedBy}
              {...input('holder_id')}
            />
          )}
        </Field>
      )}
    </fieldset>
  );
}
