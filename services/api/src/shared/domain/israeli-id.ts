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

/** A business number as documents carry it: nine digits with a valid check digit. */
export function businessNumberValid(number: string): boolean {
  return /^\d{9}$/.test(number) && israeliIdValid(number);
}
