import { describe, expect, it } from 'vitest';
import { israelDay, nextDay, startOfIsraelDay } from './israel-day';

describe('Israel days', () => {
  it('begin at midnight Israel time, in winter (UTC+2) and in summer (UTC+3)', () => {
    expect(startOfIsraelDay('2026-01-15').toISOString()).toBe('2026-01-14T22:00:00.000Z');
    expect(startOfIsraelDay('2026-07-15').toISOString()).toBe('2026-07-14T21:00:00.000Z');
    // The summer clock change of 2026 (27 March, 02:00): that day began on winter time.
    expect(startOfIsraelDay('2026-03-27').toISOString()).toBe('2026-03-26T22:00:00.000Z');
    expect(startOfIsraelDay('2026-03-28').toISOString()).toBe('2026-03-27T21:00:00.000Z');
    // The winter clock change (25 October, 02:00): that day began on summer time.
    expect(startOfIsraelDay('2026-10-25').toISOString()).toBe('2026-10-24T21:00:00.000Z');
    expect(startOfIsraelDay('2026-10-26').toISOString()).toBe('2026-10-25T22:00:00.000Z');
  });

  it('name the day an instant falls on in Israel', () => {
    expect(israelDay(new Date('2026-05-31T21:30:00Z'))).toBe('2026-06-01');
    expect(israelDay(new Date('2026-05-31T20:30:00Z'))).toBe('2026-05-31');
    expect(nextDay('2026-12-31')).toBe('2027-01-01');
  });
});
