import { describe, expect, it } from 'vitest';
import { Bill } from './bill';
import { documentLines as line } from './document-line';

describe('a bill', () => {
  const bill = Bill.of([line.item('Olive oil', 3, 2_500), line.item('Delivery', 1, 1_990), line.discount('WELCOME', 1_000)]);

  it('totals its lines, discounts included, and keeps its own copy of them', () => {
    expect(bill.total).toBe(8_490);
    const lines = [line.item('Soap', 2, 700)];
    const soap = Bill.of(lines);
    lines[0].amount = 1;
    expect(soap.total).toBe(1_400);
  });

  it('refuses a line that is not its quantity × unit amount, or not whole agorot', () => {
    expect(() => Bill.of([{ description: 'Olive oil', quantity: 3, unitAmount: 2_500, amount: 7_000 }])).toThrow(/does not balance/);
    expect(() => Bill.of([{ description: 'Half', quantity: 1, unitAmount: 0.5, amount: 0.5 }])).toThrow(/does not balance/);
  });

  it('charges exactly its total, and fails loudly for any other amount', () => {
    expect(bill.charging(8_490)).toBe(bill);
    expect(() => bill.charging(8_491)).toThrow(/cannot charge 8491/);
    expect(() => bill.charging(8_489)).toThrow(/cannot charge/);
  });

  it('captured in part, lists what was not captured so its document totals what was taken', () => {
    const lines = bill.capturedPart(5_000);
    expect(lines.slice(0, 3)).toEqual(bill.lines);
    expect(lines[3]).toEqual({ description: 'יתרה שלא נגבתה / Amount not captured', quantity: 1, unitAmount: -3_490, amount: -3_490 });
    expect(lines.reduce((sum, l) => sum + l.amount, 0)).toBe(5_000);
  });

  it('is not captured in part by its whole total, more, or less than nothing', () => {
    expect(() => bill.capturedPart(8_490)).toThrow(/not a partial capture/);
    expect(() => bill.capturedPart(9_000)).toThrow(/not a partial capture/);
    expect(() => bill.capturedPart(-1)).toThrow(/not a partial capture/);
  });
});
