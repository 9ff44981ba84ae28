import { describe, expect, it } from 'vitest';
import { newId, randomBase62 } from './ids';

describe('ids', () => {
  it('are a prefix and 24 base62 characters', () => {
    expect(newId('cus')).toMatch(/^cus_[0-9A-Za-z]{24}$/);
    expect(newId('clock')).toMatch(/^clock_[0-9A-Za-z]{24}$/);
  });

  it('do not repeat', () => {
    const ids = new Set(Array.from({ length: 10_000 }, () => newId('ch')));
    expect(ids.size).toBe(10_000);
  });

  it('use every base62 character', () => {
    const seen = new Set(randomBase62(20_000));
    expect(seen.size).toBe(62);
  });
});
