import { describe, expect, it } from 'vitest';
import { checkCard } from './card-rules';

const now = new Date('2026-06-15T12:00:00.000Z');
const card = (overrides: Partial<Parameters<typeof checkCard>[0]> = {}) => ({
  number: '4242 4242 4242 4242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  ...overrides,
});

describe('the checks before a card is tokenized', () => {
  it('takes a number with spaces, and tells its brand', () => {
    expect(checkCard(card(), now)).toEqual({ digits: '4242424242424242', brand: 'visa' });
    expect(checkCard(card({ number: '3782 822463 10005', cvc: '1234' }), now)).toEqual({ digits: '378282246310005', brand: 'amex' });
    expect(checkCard(card({ number: '12345679' }), now)).toEqual({ digits: '12345679', brand: 'isracard' });
  });

  it('refuses a number whose check digit fails, naming the field', () => {
    expect(() => checkCard(card({ number: '4242 4242 4242 4241' }), now)).toThrow(
      expect.objectContaining({ code: 'card_number_invalid', param: 'card.number', message: 'The card number is not valid' }),
    );
  });

  it('a card is good through the last day of its expiry month', () => {
    expect(checkCard(card({ expMonth: 6, expYear: 2026 }), now).brand).toBe('visa');
    expect(() => checkCard(card({ expMonth: 5, expYear: 2026 }), now)).toThrow(
      expect.objectContaining({ code: 'card_expired', param: 'card.exp_year', message: 'The card has expired' }),
    );
    expect(() => checkCard(card({ expMonth: 6, expYear: 2026 }), new Date('2026-07-01T00:00:00.000Z'))).toThrow(
      expect.objectContaining({ code: 'card_expired' }),
    );
  });

  it('the security code: three digits, four on American Express', () => {
    const refused = expect.objectContaining({ code: 'cvc_invalid', param: 'card.cvc', message: 'The security code is not valid' });
    expect(() => checkCard(card({ cvc: '1234' }), now)).toThrow(refused);
    expect(() => checkCard(card({ number: '378282246310005', cvc: '123' }), now)).toThrow(refused);
  });

  it("the holder's ID number, when asked for, must be one", () => {
    expect(checkCard(card({ holderId: '000000018' }), now).brand).toBe('visa');
    expect(() => checkCard(card({ holderId: '000000019' }), now)).toThrow(
      expect.objectContaining({ code: 'holder_id_invalid', param: 'card.holder_id', message: 'The ID number is not valid' }),
    );
  });
});
