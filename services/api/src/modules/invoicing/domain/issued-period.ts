import { ValidationError } from '../../../shared/domain/domain-error';
import { nextDay, startOfIsraelDay } from '../../../shared/domain/israel-day';

/** Documents issued from the start of one Israel day to the end of another; either end may be open. */
export interface IssuedPeriod {
  from: Date | null;
  before: Date | null;
}

export function issuedPeriod(issuedFrom: string | undefined, issuedTo: string | undefined): IssuedPeriod {
  if (issuedFrom && issuedTo && issuedTo < issuedFrom) {
    throw new ValidationError('parameter_invalid', `issued_to (${issuedTo}) is before issued_from (${issuedFrom})`, 'issued_to');
  }
  return { from: issuedFrom ? startOfIsraelDay(issuedFrom) : null, before: issuedTo ? startOfIsraelDay(nextDay(issuedTo)) : null };
}
