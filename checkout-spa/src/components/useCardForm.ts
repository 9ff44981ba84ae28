import { useSignal } from '@preact/signals';
import type { Messages } from '../i18n/messages';
import {
  type CardInput,
  CardRefused,
  checkExpiry,
  checkNumber,
  cvcValid,
  formatExpiry,
  formatNumber,
  israeliIdValid,
} from '../models/card';
import type { CardErrors, CardValues } from './CardFields';

const TOKEN_ERRORS: Record<string, 'numberInvalid' | 'expired' | 'cvcInvalid' | 'holderIdInvalid' | 'expiryInvalid'> = {
  card_number_invalid: 'numberInvalid',
  card_expired: 'expired',
  cvc_invalid: 'cvcInvalid',
  holder_id_invalid: 'holderIdInvalid',
  parameter_missing: 'holderIdInvalid',
};

const FIELD_IDS: Record<keyof CardValues, string> = {
  number: 'card-number',
  expiry: 'card-expiry',
  cvc: 'card-cvc',
  holder_id: 'card-holder-id',
};

/**
 * The card form's state, checked as the service checks it: each field formatted as typed, its error
 * shown when it is left wrong and gone as soon as it is right, and the card read for tokenization.
 */
export function useCardForm(t: Messages, askHolderId: boolean) {
  const values = useSignal<CardValues>({ number: '', expiry: '', cvc: '', holder_id: '' });
  const errors = useSignal<CardErrors>({});
  const checked = checkNumber(values.value.number);

  const validate = (field: keyof CardValues, from: CardValues): string | undefined => {
    if (field === 'number') {
      if (!from.number) return t.errors.numberRequired;
      return checkNumber(from.number).valid ? undefined : t.errors.numberInvalid;
    }
    if (field === 'expiry') {
      const expiry = checkExpiry(from.expiry, new Date());
      return expiry.ok
        ? undefined
        : t.errors[expiry.reason === 'required' ? 'expiryRequired' : expiry.reason === 'expired' ? 'expired' : 'expiryInvalid'];
    }
    if (field === 'cvc') return cvcValid(from.cvc, checkNumber(from.number).brand) ? undefined : t.errors.cvcInvalid;
    return israeliIdValid(from.holder_id) ? undefined : t.errors.holderIdInvalid;
  };

  return {
    values: values.value,
    errors: errors.value,
    brand: checked.brand,
    onInput(field: keyof CardValues, raw: string) {
      const value =
        field === 'number' ? formatNumber(raw) : field === 'expiry' ? formatExpiry(raw, values.value.expiry) : raw.replace(/\D/g, '');
      const next = { ...values.value, [field]: value };
      values.value = next;
      if (!validate(field, next)) errors.value = { ...errors.value, [field]: undefined };
    },
    onBlur(field: keyof CardValues) {
      if (values.value[field]) errors.value = { ...errors.value, [field]: validate(field, values.value) };
    },
    /** The card for the token endpoint; null, with every wrong field marked and the first one focused, when it is not right. */
    read(): CardInput | null {
      const fields: (keyof CardValues)[] = askHolderId ? ['number', 'expiry', 'cvc', 'holder_id'] : ['number', 'expiry', 'cvc'];
      const found: CardErrors = {};
      for (const field of fields) found[field] = validate(field, values.value);
      errors.value = found;
      const first = fields.find((field) => found[field]);
      const expiry = checkExpiry(values.value.expiry, new Date());
      if (first || !expiry.ok) {
        if (first) document.getElementById(FIELD_IDS[first])?.focus();
        return null;
      }
      return {
        number: checked.digits,
        exp_month: expiry.month,
        exp_year: expiry.year,
        cvc: values.value.cvc,
        ...(askHolderId ? { holder_id: values.value.holder_id } : {}),
      };
    },
    /** Shows the processor's refusal beside its field; any other error is thrown again. */
    refused(error: unknown): void {
      if (!(error instanceof CardRefused)) throw error;
      errors.value = { [error.field]: t.errors[TOKEN_ERRORS[error.code] ?? 'numberInvalid'] };
    },
  };
}
