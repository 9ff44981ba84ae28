import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { ValidationError } from '../../../shared/domain/domain-error';

/**
 * A phone number in E.164. Israeli local forms (`050-123-4567`, `03 123 4567`) are read as Israeli;
 * numbers of other countries need their `+` prefix.
 */
export function normalizePhone(raw: string, param = 'phone'): string {
  const parsed = parsePhoneNumberFromString(raw.trim(), 'IL');
  if (!parsed || !parsed.isValid()) {
    throw new ValidationError('parameter_invalid', `Invalid ${param}: '${raw}' is not a valid phone number`, param);
  }
  return parsed.number;
}
