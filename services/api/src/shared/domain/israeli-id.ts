import { israeliIdValid } from '@kupa/sdk/card-checks';

export { israeliIdValid };

/** A business number as documents carry it: nine digits with a valid check digit. */
export function businessNumberValid(number: string): boolean {
  return /^\d{9}$/.test(number) && israeliIdValid(number);
}
