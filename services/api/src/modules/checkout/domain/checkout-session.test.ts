import { describe, expect, it } from 'vitest';
import { CheckoutSession, type OpenSessionInput, SESSION_LIFETIME_MS } from './checkout-session';

const scope = { accountId: 'acct_1', livemode: false };
const now = new Date('2026-03-01T12:00:00Z');
const later = (ms: number) => new Date(now.getTime() + ms);
const monthly = {
  id: 'price_m',
  product: 'prod_1',
  productName: 'Gym',
  unitAmount: 19_900,
  currency: 'ils',
  type: 'recurring' as const,
  interval: 'month' as const,
  trialPeriodDays: null,
};
const line = (amountAgorot: number, quantity = 1) => ({
  name: 'Item',
  amountAgorot,
  quantity,
  description: null,
  imageUrl: null,
  price: null,
  product: null,
});

function open(overrides: Partial<OpenSessionInput> = {}): CheckoutSession {
  return CheckoutSession.open(
    scope,
    {
      customerId: 'cus_1',
      price: null,
      lineItems: [line(5_000, 2)],
      successUrl: 'https://shop.example/ok?s={CHECKOUT_SESSION_ID}',
      cancelUrl: 'https://shop.example/no',
      createDocument: true,
      captureMethod: 'automatic',
      paymentMethods: undefined,
      backgroundColor: undefined,
      autoOpenWallets: false,
      locale: 'auto',
      installmentsMax: null,
      walletsEnabled: false,
      couponCodes: [],
      processor: null,
      ...overrides,
    },
    now,
  );
}

describe('CheckoutSession', () => {
  it('opens pending for thirty minutes, as a cart, a subscription or mixed by what was sent', () => {
    const cart = open({ couponCodes: [' SAVE10 ', 'save10'] });
    expect(cart).toMatchObject({
      kind: 'cart',
      status: 'pending',
      plan: null,
      appliedCodes: ['save10'],
      expiresAt: later(SESSION_LIFETIME_MS),
    });
    expect(open({ price: monthly, lineItems: null }).kind).toBe('subscription');
    expect(open({ price: monthly }).kind).toBe('mixed');
  });

  it('refuses what a session cannot be', () => {
    expect(() => open({ lineItems: null })).toThrow(expect.objectContaining({ code: 'price_or_line_items_required' }));
    expect(() => open({ lineItems: [line(-100)] })).toThrow(expect.objectContaining({ code: 'cart_total_negative' }));
    expect(() => open({ price: monthly, captureMethod: 'manual' })).toThrow(
      expect.objectContaining({ code: 'manual_capture_not_supported_for_recurring' }),
    );
    expect(() => open({ price: monthly, installmentsMax: 3 })).toThrow(
      expect.objectContaining({ code: 'installments_not_supported_for_recurring' }),
    );
    expect(() => open({ successUrl: 'ftp://x' })).toThrow(expect.objectContaining({ code: 'parameter_invalid' }));
    expect(() => open({ autoOpenWallets: true })).toThrow(expect.objectContaining({ code: 'express_checkout_disabled' }));
  });

  it("refuses at creation what the account's processor cannot do, and allows it where it can", () => {
    const noWallets = { wallets: [], installmentsMax: 6 };
    expect(() => open({ processor: noWallets, installmentsMax: 8 })).toThrow(
      expect.objectContaining({ code: 'not_supported_by_processor', param: 'installments.max' }),
    );
    expect(() => open({ processor: noWallets, paymentMethods: ['card', 'wallet'] })).toThrow(
      expect.objectContaining({ code: 'not_supported_by_processor', param: 'payment_methods' }),
    );
    expect(() => open({ processor: noWallets, walletsEnabled: true, autoOpenWallets: true })).toThrow(
      expect.objectContaining({ code: 'not_supported_by_processor', param: 'auto_open_wallets' }),
    );
    expect(open({ processor: noWallets, installmentsMax: 6, paymentMethods: ['card'] }).installmentsMax).toBe(6);
    expect(
      open({ processor: { wallets: ['bit'], installmentsMax: 12 }, walletsEnabled: true, autoOpenWallets: true }).autoOpenWallets,
    ).toBe(true);
  });

  it('charges everything now, or during a trial only the one-time lines after their discounts', () => {
    expect(open().amountDueNow({ total: 9_000, lineDiscounts: [1_000] })).toBe(9_000);
    const trial = open({ price: { ...monthly, trialPeriodDays: 14 } });
    expect(trial.inTrial()).toBe(true);
    expect(trial.amountDueNow({ total: 28_900, lineDiscounts: [1_000] })).toBe(9_000);
    expect(trial.amountDueNow({ total: 0, lineDiscounts: [20_000] })).toBe(0);
  });

  it('takes only the installments it offers', () => {
    expect(open({ installmentsMax: 6 }).installmentsFor(6)).toBe(6);
    expect(open({ installmentsMax: 6 }).installmentsFor(undefined)).toBeNull();
    expect(() => open({ installmentsMax: 6 }).installmentsFor(7)).toThrow(expect.objectContaining({ code: 'installments_not_allowed' }));
    expect(() => open().installmentsFor(2)).toThrow(expect.objectContaining({ code: 'installments_not_allowed' }));
  });

  it('completes once, naming its charge and, when it has a plan, its subscription', () => {
    const session = open({ price: monthly });
    expect(() => session.complete({ chargeId: 'ch_1', subscriptionId: null }, now)).toThrow(/subscription starts exactly when/);
    session.complete({ chargeId: 'ch_1', subscriptionId: 'sub_1' }, later(60_000));
    expect(session).toMatchObject({ status: 'completed', chargeId: 'ch_1', subscriptionId: 'sub_1', completedAt: later(60_000) });
    expect(session.redirectUrl()).toBe(`https://shop.example/ok?s=${session.id}`);
    expect(() => session.complete({ chargeId: 'ch_2', subscriptionId: 'sub_2' }, now)).toThrow(
      expect.objectContaining({ code: 'session_not_pending' }),
    );
    expect(() => open().complete({ chargeId: 'ch_1', subscriptionId: 'sub_1' }, now)).toThrow(/subscription starts exactly when/);
  });

  it('expires when its time is up and only then; a paid one even late completes', () => {
    const session = open();
    expect(session.expire(later(SESSION_LIFETIME_MS - 1))).toBe(false);
    session.assertPending(later(SESSION_LIFETIME_MS - 1));
    expect(() => session.assertPending(later(SESSION_LIFETIME_MS))).toThrow(expect.objectContaining({ code: 'session_not_pending' }));
    expect(session.isDue(later(SESSION_LIFETIME_MS))).toBe(true);
    expect(session.expire(later(SESSION_LIFETIME_MS))).toBe(true);
    expect(session.status).toBe('expired');
    const late = open();
    late.complete({ chargeId: 'ch_1', subscriptionId: null }, later(SESSION_LIFETIME_MS + 1));
    expect(late.status).toBe('completed');
  });
});
