import { describe, expect, it } from 'vitest';
import { normalizePhone } from './phone-number';

describe('normalizePhone', () => {
  it.each([
    ['050-123-4567', '+972501234567'],
    ['050 123 4567', '+972501234567'],
    ['(03) 123-4567', '+97231234567'],
    ['+972-50-123-4567', '+972501234567'],
    ['+44 20 7946 0958', '+442079460958'],
  ])('%s → %s', (raw, e164) => {
    expect(normalizePhone(raw)).toBe(e164);
  });

  it.each(['', '12', 'abc', '050-123'])('rejects %j naming the field', (raw) => {
    expect(() => normalizePhone(raw)).toThrow(expect.objectContaining({ code: 'parameter_invalid', param: 'phone' }));
  });
});
