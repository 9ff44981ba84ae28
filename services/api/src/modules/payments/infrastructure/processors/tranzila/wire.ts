/**
 * Tranzila's wire speaks JSON with amounts in shekels as decimal numbers (`"unit_price": 123.45`). They
 * are written from agorot and read back to agorot as text, so no amount ever passes through a float.
 */

/** A decimal number as it is written on the wire. */
export class Decimal {
  constructor(readonly text: string) {}
}

/** 12345 agorot → 123.45 */
export function shekels(agorot: number): Decimal {
  if (!Number.isSafeInteger(agorot) || agorot < 0) throw new Error(`not an amount in agorot: ${agorot}`);
  const text = String(agorot).padStart(3, '0');
  return new Decimal(`${text.slice(0, -2)}.${text.slice(-2)}`);
}

/** "123.45" (or "123", "123.4") → 12345 agorot; anything else is refused. */
export function agorot(text: string): number {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new Error(`not an amount in shekels: ${JSON.stringify(text)}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

const MARK = '\u0000decimal:';

/** JSON text with each `Decimal` written as a bare number. */
export function stringify(value: unknown): string {
  return JSON.stringify(value, (_key, field: unknown) => (field instanceof Decimal ? MARK + field.text : field)).replace(
    /"\\u0000decimal:(-?\d+(?:\.\d+)?)"/g,
    '$1',
  );
}

/** Parses JSON text with every number kept as its text, so amounts are read exactly. */
export function parse(text: string): unknown {
  return JSON.parse(
    text.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (token) => (token.startsWith('"') ? token : `"${token}"`)),
  );
}
