import { describe, expect, it } from 'vitest';
import { contrastOnPage, readableOnPage } from './brand-color';

describe('brand colours', () => {
  it('keeps a colour that reads on the page, and darkens one that does not until it reaches AA', () => {
    expect(readableOnPage('#0b5cad')).toBe('#0b5cad');
    expect(contrastOnPage('#ffd400')).toBeLessThan(2);
    const corrected = readableOnPage('#ffd400');
    expect(corrected).not.toBe('#ffd400');
    expect(contrastOnPage(corrected)).toBeGreaterThanOrEqual(4.5);
    expect(contrastOnPage(readableOnPage('#ffffff'))).toBeGreaterThanOrEqual(4.5);
    // Black on the page's grey: a little under black on white's 21:1.
    expect(contrastOnPage('#000000')).toBeCloseTo(19.42, 2);
  });
});
