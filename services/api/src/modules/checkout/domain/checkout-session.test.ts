import { documentLines } from '../../../shared/domain/document-line';
import { describe, expect, it } from 'vitest';
import {
  CheckoutSession,
  CheckoutSessionNotFound,
  FAILED_CODES,
  type OpenSessionInput,
  SESSION_LIFETIME_MS,
  SessionNotPending,
  sessionIdFromPath,
} from './checkout-session';

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
    const noWallets = { wallets: [], installmentsMax: 6, bitPage: null };
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
      open({
        processor: { wallets: ['bit'], installmentsMax: 12, bitPage: null },
        walletsEnabled: true,
        autoOpenWallets: true,
      }).autoOpenWallets,
    ).toBe(true);
    // Bit on the processor's own page is a wallet the shopper opens: offered, but never opened by itself.
    const bitPage = { ...noWallets, bitPage: { minimumAmount: 501 } };
    expect(open({ processor: bitPage, paymentMethods: ['wallet'] }).paymentMethods).toEqual(['wallet']);
    // …for a sale Bit can take: not a J5 hold, nor one of ₪5 or less.
    expect(() => open({ processor: bitPage, paymentMethods: ['wallet'], captureMethod: 'manual' })).toThrow(
      expect.objectContaining({ code: 'not_supported_by_processor', param: 'payment_methods' }),
    );
    const sticker = [{ name: 'Sticker', amountAgorot: 500, quantity: 1, description: null, imageUrl: null, price: null, product: null }];
    expect(() => open({ processor: bitPage, paymentMethods: ['wallet'], lineItems: sticker })).toThrow(
      expect.objectContaining({ code: 'not_supported_by_processor', param: 'payment_methods' }),
    );
    expect(() => open({ processor: bitPage, walletsEnabled: true, autoOpenWallets: true })).toThrow(
      expect.objectContaining({ code: 'not_supported_by_processor', param: 'auto_open_wallets' }),
    );
  });

  it('bills everything now line by line, or during a trial only the one-time lines after their discounts', () => {
    const welcome = (amount: number, planAmount = 0) => ({ rule: { name: 'WELCOME' }, amount, planAmount });
    const cart = open().bill({ linked: [welcome(1_000)] });
    expect(cart.lines).toEqual([
      { description: 'Item', quantity: 2, unitAmount: 5_000, amount: 10_000 },
      { description: 'WELCOME', quantity: 1, unitAmount: -1_000, amount: -1_000 },
    ]);
    expect(cart.total).toBe(9_000);
    expect(open({ price: monthly }).bill({ linked: [] }).total).toBe(29_900);
    const trial = open({ price: { ...monthly, trialPeriodDays: 14 } });
    expect(trial.inTrial()).toBe(true);
    // 1,000 off the line and 5,000 off the plan: in a trial the plan is not billed, nor its part of the discount.
    expect(trial.bill({ linked: [welcome(6_000, 5_000)] }).total).toBe(9_000);
    expect(trial.bill({ linked: [welcome(19_900, 19_900)] }).lines).toEqual([
      { description: 'Item', quantity: 2, unitAmount: 5_000, amount: 10_000 },
    ]);
    expect(trial.bill({ linked: [welcome(10_000)] }).total).toBe(0);
  });

  it('takes only the installments it offers', () => {
    expect(open({ installmentsMax: 6 }).installmentsFor(6)).toBe(6);
    expect(open({ installmentsMax: 6 }).installmentsFor(undefined)).toBeNull();
    expect(() => open({ installmentsMax: 6 }).installmentsFor(7)).toThrow(expect.objectContaining({ code: 'installments_not_allowed' }));
    expect(() => open().installmentsFor(2)).toThrow(expect.objectContaining({ code: 'installments_not_allowed' }));
  });

  it('completes once, naming its charge and, when it has a plan, its subscription', () => {
    const session = open({ price: monthly });
    expect(() => session.complete({ chargeId: 'ch_1', subscriptionId: null }, now)).toThrow(/subscription starts or changes exactly when/);
    session.complete({ chargeId: 'ch_1', subscriptionId: 'sub_1' }, later(60_000));
    expect(session).toMatchObject({ status: 'completed', chargeId: 'ch_1', subscriptionId: 'sub_1', completedAt: later(60_000) });
    expect(session.redirectUrl()).toBe(`https://shop.example/ok?s=${session.id}`);
    expect(() => session.complete({ chargeId: 'ch_2', subscriptionId: 'sub_2' }, now)).toThrow(
      expect.objectContaining({ code: 'session_not_pending' }),
    );
    expect(() => open().complete({ chargeId: 'ch_1', subscriptionId: 'sub_1' }, now)).toThrow(
      /subscription starts or changes exactly when/,
    );
  });

  it('a plan change sells what it quoted: due now as quoted, completed naming the subscription it changes', () => {
    const planChange = {
      subscriptionId: 'sub_1',
      current: { name: 'Basic', unitAmount: 4_900, quantity: 1, interval: 'month' as const },
      next: { name: 'Pro', unitAmount: 9_900, quantity: 1, interval: 'month' as const },
      lines: [documentLines.discount('Unused time on Basic', 1_634), documentLines.item('Remaining time on Pro', 1, 4_967)],
      change: {},
    };
    const session = open({ price: monthly, lineItems: null, planChange });
    expect(session).toMatchObject({ kind: 'plan_change', plan: null, lineItems: [], subscriptionId: 'sub_1' });
    expect(session.bill({ linked: [] }).lines).toEqual(planChange.lines);
    expect(session.bill({ linked: [] }).total).toBe(3_333);
    expect(() => session.complete({ chargeId: 'ch_1', subscriptionId: null }, now)).toThrow(/subscription starts or changes exactly when/);
    session.complete({ chargeId: 'ch_1', subscriptionId: 'sub_1' }, now);
    const refused: [Partial<OpenSessionInput>, string][] = [
      [{ lineItems: [line(100)] }, 'line_items'],
      [{ captureMethod: 'manual' }, 'capture_method'],
      [{ installmentsMax: 3 }, 'installments'],
      [{ couponCodes: ['SAVE'] }, 'coupon_codes'],
      [{ paymentMethods: ['card'] }, 'payment_methods'],
    ];
    for (const [extra, param] of refused)
      expect(() => open({ price: monthly, planChange, lineItems: null, ...extra })).toThrow(
        expect.objectContaining({ code: 'parameter_invalid', param }),
      );
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

/** What `open` refuses with these inputs, as the merchant reads it: code, message and field. */
function refusal(overrides: Partial<OpenSessionInput>, code: string, message: string, param: string) {
  expect(() => open(overrides)).toThrow(expect.objectContaining({ code, message, param }));
}

const oneTime = { ...monthly, id: 'price_o', type: 'one_time' as const, interval: null };

describe('opening a session: every refusal says what and where', () => {
  it('URLs must be absolute http(s); the session id placeholder is allowed', () => {
    refusal(
      { successUrl: 'ftp://shop.example/ok' },
      'parameter_invalid',
      'Invalid success_url: it must be an absolute http(s) URL',
      'success_url',
    );
    refusal({ cancelUrl: '/relative' }, 'parameter_invalid', 'Invalid cancel_url: it must be an absolute http(s) URL', 'cancel_url');
    expect(open({ successUrl: 'http://shop.example/{CHECKOUT_SESSION_ID}' }).successUrl).toBe('http://shop.example/{CHECKOUT_SESSION_ID}');
    expect(open({ cancelUrl: 'https://shop.example/no' }).cancelUrl).toBe('https://shop.example/no');
  });

  it('needs a price or line items, and a one-time price is not mixed with lines', () => {
    refusal({ lineItems: null }, 'price_or_line_items_required', 'Send a price, line_items, or a recurring price with line_items', 'price');
    refusal(
      { price: oneTime },
      'one_time_price_with_line_items',
      'A one-time price cannot be combined with line_items; send the price as a line item instead',
      'line_items',
    );
    expect(open({ price: oneTime, lineItems: null }).kind).toBe('one_time');
  });

  it('a cart may hold credits but not total below zero', () => {
    expect(open({ lineItems: [line(5_000), line(-5_000)] }).lineItems).toHaveLength(2);
    refusal(
      { lineItems: [line(1_000, 3), line(-1_001, 3)] },
      'cart_total_negative',
      'The sum of amount_agorot × quantity over line_items must be zero or more',
      'line_items',
    );
  });

  it('recurring sessions (subscription or mixed) take no manual capture, payment methods, wallets auto-open or installments', () => {
    for (const lineItems of [null, [line(1_000)]]) {
      const recurring = { price: monthly, lineItems };
      refusal(
        { ...recurring, captureMethod: 'manual' },
        'manual_capture_not_supported_for_recurring',
        'capture_method manual is only for one-time prices and carts',
        'capture_method',
      );
      refusal(
        { ...recurring, paymentMethods: ['card'] },
        'payment_methods_not_supported_for_recurring',
        'payment_methods is not supported for recurring or mixed sessions',
        'payment_methods',
      );
      refusal(
        { ...recurring, autoOpenWallets: true, walletsEnabled: true },
        'auto_open_wallets_not_supported_for_recurring',
        'auto_open_wallets is not supported for recurring or mixed sessions',
        'auto_open_wallets',
      );
      refusal(
        { ...recurring, installmentsMax: 3 },
        'installments_not_supported_for_recurring',
        'installments are for one-time payments only',
        'installments',
      );
    }
    expect(open({ paymentMethods: ['card'] }).paymentMethods).toEqual(['card']);
  });

  it('wallets open by themselves only on an immediate payment, on an account with wallets, with wallet among the methods', () => {
    const wallets = { autoOpenWallets: true, walletsEnabled: true };
    refusal(
      { ...wallets, captureMethod: 'manual' },
      'auto_open_wallets_not_supported_for_manual',
      'auto_open_wallets is not supported with capture_method manual',
      'auto_open_wallets',
    );
    refusal(
      { ...wallets, walletsEnabled: false },
      'express_checkout_disabled',
      'Digital wallets are not enabled for this account',
      'auto_open_wallets',
    );
    refusal(
      { ...wallets, paymentMethods: ['card'] },
      'auto_open_wallets_requires_wallet',
      'auto_open_wallets needs wallet among payment_methods',
      'auto_open_wallets',
    );
    expect(open({ ...wallets, paymentMethods: ['card', 'wallet'] }).autoOpenWallets).toBe(true);
    expect(open({ ...wallets, paymentMethods: [] }).autoOpenWallets).toBe(true);
    expect(open({ ...wallets }).autoOpenWallets).toBe(true);
  });

  it('installments are for immediate payments, up to what the processor takes', () => {
    refusal(
      { installmentsMax: 3, captureMethod: 'manual' },
      'installments_not_supported_for_manual',
      'installments are not supported with capture_method manual',
      'installments',
    );
    const processor = { wallets: [], installmentsMax: 12, bitPage: null };
    refusal(
      { installmentsMax: 13, processor },
      'not_supported_by_processor',
      "The account's processor takes up to 12 installments",
      'installments.max',
    );
    expect(open({ installmentsMax: 12, processor }).installmentsMax).toBe(12);
    expect(open({ installmentsMax: null, processor }).installmentsMax).toBeNull();
  });

  it('wallets need a processor that takes them, named by the field that asked', () => {
    const processor = { wallets: [], installmentsMax: 12, bitPage: null };
    refusal(
      { paymentMethods: ['card', 'wallet'], processor },
      'not_supported_by_processor',
      "The account's processor takes no wallet payments",
      'payment_methods',
    );
    refusal(
      { autoOpenWallets: true, walletsEnabled: true, processor },
      'not_supported_by_processor',
      "The account's processor takes no wallet that opens by itself (Bit opens on the shopper's click)",
      'auto_open_wallets',
    );
    expect(open({ paymentMethods: ['card'], processor }).paymentMethods).toEqual(['card']);
    expect(open({ processor }).paymentMethods).toEqual([]);
    expect(
      open({ paymentMethods: ['wallet'], processor: { wallets: ['apple_pay'], installmentsMax: 1, bitPage: null } }).paymentMethods,
    ).toEqual(['wallet']);
  });
});

describe('what a session is made of', () => {
  it('a one-time price becomes its one line, with no plan', () => {
    const session = open({ price: oneTime, lineItems: null });
    expect(session).toMatchObject({ kind: 'one_time', priceId: 'price_o', plan: null, currency: 'ils' });
    expect(session.lineItems).toEqual([
      { name: 'Gym', amountAgorot: 19_900, quantity: 1, description: null, imageUrl: null, price: 'price_o', product: 'prod_1' },
    ]);
    expect(session.embeddable()).toBe(true);
    expect(session.isRecurring()).toBe(false);
  });

  it('a recurring price becomes its plan, frozen; with lines the session is mixed', () => {
    const subscription = open({ price: monthly, lineItems: null });
    const plan = {
      price: 'price_m',
      product: 'prod_1',
      name: 'Gym',
      unitAmount: 19_900,
      currency: 'ils',
      interval: 'month',
      trialPeriodDays: null,
    };
    expect(subscription).toMatchObject({ kind: 'subscription', priceId: 'price_m', plan, lineItems: [] });
    const mixed = open({ price: monthly });
    expect(mixed).toMatchObject({ kind: 'mixed', plan, lineItems: [line(5_000, 2)] });
    for (const session of [subscription, mixed]) {
      expect(session.isRecurring()).toBe(true);
      expect(session.embeddable()).toBe(false);
    }
  });

  it('a cart has no price and no plan; its defaults are a white page and no chosen methods', () => {
    const cart = open();
    expect(cart).toMatchObject({
      kind: 'cart',
      priceId: null,
      plan: null,
      paymentMethods: [],
      backgroundColor: '#ffffff',
      currency: 'ils',
    });
    expect(cart.id).toMatch(/^co_[0-9A-Za-z]{24}$/);
    expect(cart.embeddable()).toBe(true);
    expect(cart.isRecurring()).toBe(false);
    expect(open({ backgroundColor: '#112233' }).backgroundColor).toBe('#112233');
  });

  it('is in a trial only when its plan has one', () => {
    expect(open().inTrial()).toBe(false);
    expect(open({ price: monthly, lineItems: null }).inTrial()).toBe(false);
    expect(open({ price: { ...monthly, trialPeriodDays: 14 }, lineItems: null }).inTrial()).toBe(true);
  });

  it('speaks English only when asked to', () => {
    expect(open({ locale: 'en' }).language()).toBe('en');
    expect(open({ locale: 'he' }).language()).toBe('he');
    expect(open({ locale: 'auto' }).language()).toBe('he');
  });

  it('names the installments it offers when asked for more', () => {
    expect(() => open({ installmentsMax: 3 }).installmentsFor(4)).toThrow(
      expect.objectContaining({
        code: 'installments_not_allowed',
        message: 'This checkout offers up to 3 installments',
        param: 'installments',
      }),
    );
    expect(() => open().installmentsFor(2)).toThrow(expect.objectContaining({ message: 'This checkout offers no installments' }));
    expect(open({ installmentsMax: 3 }).installmentsFor(3)).toBe(3);
    expect(open().installmentsFor(undefined)).toBeNull();
  });

  it('is pending until its time is up, to the millisecond', () => {
    const session = open();
    const end = later(SESSION_LIFETIME_MS);
    expect(SESSION_LIFETIME_MS).toBe(30 * 60_000);
    expect(session.isDue(new Date(end.getTime() - 1))).toBe(false);
    expect(session.isDue(end)).toBe(true);
    expect(() => session.assertPending(new Date(end.getTime() - 1))).not.toThrow();
    expect(() => session.assertPending(end)).toThrow(SessionNotPending);
    session.complete({ chargeId: 'ch_1', subscriptionId: null }, now);
    expect(session.isDue(end)).toBe(false);
    expect(() => session.assertPending(now)).toThrow(
      expect.objectContaining({ code: 'session_not_pending', message: `Checkout session '${session.id}' is no longer pending` }),
    );
  });

  it('a charge names the session cs_…, and both ids are the same session', () => {
    expect(sessionIdFromPath('cs_abc')).toBe('co_abc');
    expect(sessionIdFromPath('co_abc')).toBe('co_abc');
    expect(sessionIdFromPath('xcs_abc')).toBe('xcs_abc');
    expect(new CheckoutSessionNotFound('co_x').message).toBe("No such checkout session: 'co_x'");
  });

  it('allows ten wrong codes in fifteen minutes', () => {
    expect(FAILED_CODES).toEqual({ limit: 10, windowMs: 15 * 60_000 });
  });
});
