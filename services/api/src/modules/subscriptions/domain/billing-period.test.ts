import { describe, expect, it } from 'vitest';
import { addIntervals } from './billing-period';

describe('addIntervals', () => {
  it("renews a year of months from January 31, clamped at each month's end", () => {
    const start = new Date('2026-01-31T09:30:00.000Z');
    const ends = Array.from({ length: 12 }, (_, i) =>
      addIntervals(start, 'month', i + 1)
        .toISOString()
        .slice(0, 10),
    );
    expect(ends).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
      '2026-05-31',
      '2026-06-30',
      '2026-07-31',
      '2026-08-31',
      '2026-09-30',
      '2026-10-31',
      '2026-11-30',
      '2026-12-31',
      '2027-01-31',
    ]);
    expect(addIntervals(start, 'month', 1).toISOString()).toBe('2026-02-28T09:30:00.000Z');
  });

  it('knows leap years', () => {
    expect(addIntervals(new Date('2028-01-31T00:00:00Z'), 'month', 1).toISOString().slice(0, 10)).toBe('2028-02-29');
    expect(addIntervals(new Date('2028-02-29T00:00:00Z'), 'year', 1).toISOString().slice(0, 10)).toBe('2029-02-28');
    expect(addIntervals(new Date('2028-02-29T00:00:00Z'), 'year', 4).toISOString().slice(0, 10)).toBe('2032-02-29');
  });

  it('counts from the anchor, so a clamped month does not shorten the ones after it', () => {
    const anchor = new Date('2026-01-30T00:00:00Z');
    expect(addIntervals(anchor, 'month', 1).toISOString().slice(0, 10)).toBe('2026-02-28');
    expect(addIntervals(anchor, 'month', 2).toISOString().slice(0, 10)).toBe('2026-03-30');
    expect(addIntervals(anchor, 'month', 13).toISOString().slice(0, 10)).toBe('2027-02-28');
  });
});
