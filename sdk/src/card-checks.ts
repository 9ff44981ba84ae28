/**
 * The checks a card and an Israeli ID number pass before a processor sees them, one source for the
 * checkout page, the service and any merchant who collects a card number on a form of their own
 * (`@kupa/sdk/card-checks`). A processor checks again.
 */

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'diners' | 'discover' | 'jcb' | 'isracard' | 'unknown';

/** The mod-10 check digit of international card numbers. */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Isracard's local numbers (8 or 9 digits): weights 9..1 over the number padded to 9 digits, sum divisible by 11. */
export function isracardValid(digits: string): boolean {
  if (!/^\d{8,9}$/.test(digits)) return false;
  const padded = digits.padStart(9, '0');
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(padded[i]) * (9 - i);
  return sum % 11 === 0;
}

/** The brand of an international number, by its leading digits. */
export function brandOf(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^3(0[0-5]|[68])/.test(digits)) return 'diners';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  if (/^35/.test(digits)) return 'jcb';
  return 'unknown';
}

/** A card number's digits, its brand, and whether its check digit holds (Isracard's local check, else Luhn over 12–19 digits). */
export function checkCardNumber(digits: string): { brand: CardBrand; valid: boolean } {
  if (isracardValid(digits)) return { brand: 'isracard', valid: true };
  return { brand: brandOf(digits), valid: /^\d{12,19}$/.test(digits) && luhnValid(digits) };
}

/** The security code's length: four digits on American Express, three on every other brand. */
export function cvcValid(cvc: string, brand: CardBrand): boolean {
  return (brand === 'amex' ? /^\d{4}$/ : /^\d{3}$/).test(cvc);
}

/**
 * An Israeli identity or business number (ת.ז., ח.פ., עוסק מורשה/פטור, עמותה): padded to 9 digits,
 * digits weighted 1,2,1,2…, each product's digits summed, the sum divisible by 10.
 */
export function israeliIdValid(id: string): boolean {
  if (!/^\d{5,9}$/.test(id)) return false;
  const padded = id.padStart(9, '0');
  if (padded === '000000000') return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const product = Number(padded[i]) * ((i % 2) + 1);
    sum += product > 9 ? product - 9 : product;
  }
  return sum % 10 === 0;
}
