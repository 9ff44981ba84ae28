import { describe, expect, it } from 'vitest';
import { mergeMetadata } from './metadata';

describe('mergeMetadata', () => {
  it('sets and replaces keys, removes a key set to "", and leaves the rest', () => {
    const current = { order: 'A-1', channel: 'web' };
    expect(mergeMetadata(current, { order: 'A-2', note: 'gift', channel: '' })).toEqual({ order: 'A-2', note: 'gift' });
    expect(mergeMetadata(current, undefined)).toBe(current);
    expect(current).toEqual({ order: 'A-1', channel: 'web' });
  });

  it('keeps to 50 keys of 40 characters and values of 500, naming what is wrong', () => {
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v']));
    expect(Object.keys(mergeMetadata({}, fifty))).toHaveLength(50);
    expect(() => mergeMetadata(fifty, { one_more: 'v' })).toThrow(
      expect.objectContaining({ code: 'parameter_invalid', param: 'metadata' }),
    );
    expect(Object.keys(mergeMetadata(fifty, { k0: '', one_more: 'v' }))).toHaveLength(50);
    expect(() => mergeMetadata({}, { ['k'.repeat(41)]: 'v' })).toThrow(expect.objectContaining({ param: `metadata.${'k'.repeat(41)}` }));
    expect(() => mergeMetadata({}, { note: 'x'.repeat(501) })).toThrow(expect.objectContaining({ param: 'metadata.note' }));
    expect(mergeMetadata({}, { note: 'x'.repeat(500) }).note).toHaveLength(500);
  });
});
