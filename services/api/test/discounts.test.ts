import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { MovableClock, startTestApp, type TestAccount, type TestApp } from './support/harness';

let app: TestApp;
let merchant: TestAccount;
let api: KupaClient;
let publicApi: KupaClient;
let customer: string;
let shirtProduct: string;
let shirtPrice: string;
let mugPrice: string;
let planPrice: string;
const clock = new MovableClock();
const URLS = { success_url: 'https://shop.example/ok', cancel_url: 'https://shop.example/cancel' };
let codeSeq = 0;
const uniqueCode = (prefix: string) => `${prefix}${++codeSeq}`;

beforeAll(async () => {
  app = await startTestApp(undefined, { clock });
  merchant = await app.createAccount('Discount shop');
  api = app.client(merchant.testKey);
  publicApi = app.client();
  customer = (await api.POST('/v1/customers', { body: { name: 'Dana' } })).data!.data.id;
  shirtProduct = (await api.POST('/v1/products', { body: { name: 'Shirt' } })).data!.data.id;
  shirtPrice = (await api.POST('/v1/prices', { body: { product: shirtProduct, unit_amount: 10000, currency: 'ils', type: 'one_time' } }))
    .data!.data.id;
  const mugProduct = (await api.POST('/v1/products', { body: { name: 'Mug' } })).data!.data.id;
  mugPrice = (await api.POST('/v1/prices', { body: { product: mugProduct, unit_amount: 4000, currency: 'ils', type: 'one_time' } })).data!
    .data.id;
  const planProduct = (await api.POST('/v1/products', { body: { name: 'Plan' } })).data!.data.id;
  planPrice = (
    await api.POST('/v1/prices', {
      body: { product: planProduct, unit_amount: 5000, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
    })
  ).data!.data.id;
});
afterAll(() => app.close());

async function discount(body: Record<string, unknown>) {
  const res = await api.POST('/v1/discounts', { body: { name: 'Discount', ...body } as never });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!.data;
}

async function cart(extra: Record<string, unknown> = {}) {
  const res = await api.POST('/v1/checkout_sessions', {
    body: {
      customer,
      ...URLS,
      line_items: [
        { name: 'Shirt', amount_agorot: 10000, price: shirtPrice },
        { name: 'Gift wrap', amount_agorot: 1000 },
      ],
      ...extra,
    } as never,
  });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return res.data!.data;
}

const apply = (sessionId: string, code: string) =>
  publicApi.POST('/v1/checkout_sessions/{id}/discount', { params: { path: { id: sessionId } }, body: { code } });
const remove = (sessionId: string, code: string) =>
  publicApi.DELETE('/v1/checkout_sessions/{id}/discount/{code}', { params: { path: { id: sessionId, code } } });

describe('discount rules API', () => {
  it('creates, retrieves, lists by code (any case) and deactivates a rule', async () => {
    const code = uniqueCode('Summer');
    const rule = await discount({
      name: 'Summer sale',
      code,
      percent_off: 15,
      applies_to: { prices: [shirtPrice] },
      max_redemptions: 100,
      duration: 'forever',
    });
    expect(rule).toMatchObject({
      object: 'discount',
      name: 'Summer sale',
      code,
      automatic: false,
      percent_off: 15,
      amount_off: null,
      currency: null,
      applies_to: { prices: [shirtPrice], products: [] },
      max_redemptions: 100,
      times_redeemed: 0,
      duration: 'forever',
      active: true,
      livemode: false,
    });
    expect(rule.id).toMatch(/^disc_/);
    expect((await api.GET('/v1/discounts/{id}', { params: { path: { id: rule.id } } })).data!.data).toEqual(rule);
    expect((await api.GET('/v1/discounts', { params: { query: { code: code.toUpperCase() } } })).data!.data).toEqual([rule]);
    const off = await api.POST('/v1/discounts/{id}/deactivate', { params: { path: { id: rule.id } } });
    expect(off.data!.data.active).toBe(false);
    expect((await app.client(merchant.liveKey).GET('/v1/discounts/{id}', { params: { path: { id: rule.id } } })).response.status).toBe(404);
  });

  it('turns a rule off and on again through POST /v1/discounts/{id}, merging its metadata; only those change', async () => {
    const code = uniqueCode('Again');
    const rule = await discount({ name: 'Again', code, percent_off: 10, metadata: { campaign: 'spring', owner: 'dana' } });
    expect(rule.metadata).toEqual({ campaign: 'spring', owner: 'dana' });
    const change = (body: Record<string, unknown>) =>
      api.POST('/v1/discounts/{id}', { params: { path: { id: rule.id } }, body: body as never });

    const off = await change({ active: false, metadata: { owner: '' } });
    expect(off.data!.data).toEqual({ ...rule, active: false, metadata: { campaign: 'spring' } });
    expect((await cart({ coupon_codes: [code] })).amount_discount).toBe(0);
    const on = await change({ active: true });
    expect(on.data!.data).toEqual({ ...rule, metadata: { campaign: 'spring' } });
    expect((await cart({ coupon_codes: [code] })).discount_summary.discounts).toEqual([{ id: rule.id, code, name: 'Again' }]);
    expect((await change({ percent_off: 50 })).error!.error).toMatchObject({ code: 'parameter_unknown' });
  });

  it.each([
    ['neither percent_off nor amount_off', { code: 'A' }, 'discount_amount_required', 'percent_off'],
    [
      'both percent_off and amount_off',
      { code: 'A', percent_off: 5, amount_off: 100, currency: 'ils' },
      'discount_amount_required',
      'percent_off',
    ],
    ['neither a code nor automatic', { percent_off: 5 }, 'code_or_automatic_required', 'code'],
    ['a code on an automatic rule', { code: 'A', automatic: true, percent_off: 5 }, 'parameter_invalid', 'automatic'],
    ['amount_off without currency', { code: 'A', amount_off: 100 }, 'parameter_missing', 'currency'],
    ['a currency on a percentage', { code: 'A', percent_off: 5, currency: 'ils' }, 'parameter_invalid', 'currency'],
    ['another currency', { code: 'A', amount_off: 100, currency: 'usd' }, 'currency_not_supported', 'currency'],
    ['percent_off 101', { code: 'A', percent_off: 101 }, 'parameter_invalid', 'percent_off'],
    ['a 65-character code', { code: 'C'.repeat(65), percent_off: 5 }, 'parameter_invalid', 'code'],
    ['a code with spaces', { code: 'TWO WORDS', percent_off: 5 }, 'parameter_invalid', 'code'],
    ['max_redemptions of 2³¹', { code: 'A', percent_off: 5, max_redemptions: 2 ** 31 }, 'parameter_invalid', 'max_redemptions'],
    ['an unknown duration', { code: 'A', percent_off: 5, duration: 'weekly' }, 'parameter_invalid', 'duration'],
    [
      'expires_at before starts_at',
      { code: 'A', percent_off: 5, starts_at: '2027-01-02T00:00:00Z', expires_at: '2027-01-01T00:00:00Z' },
      'parameter_invalid',
      'expires_at',
    ],
    [
      'an unknown targeted price',
      { code: 'A', percent_off: 5, applies_to: { prices: ['price_nope'] } },
      'price_not_found',
      'applies_to.prices[0]',
    ],
    [
      'an unknown targeted product',
      { code: 'A', percent_off: 5, applies_to: { products: ['prod_nope'] } },
      'product_not_found',
      'applies_to.products[0]',
    ],
  ])('rejects %s', async (_name, body, code, param) => {
    const res = await api.POST('/v1/discounts', { body: { name: 'Bad', ...body } as never });
    expect(res.response.status).toBe(400);
    expect(res.error!.error).toMatchObject({ code, param });
  });
});

describe('coupon codes at session creation (rule 9)', () => {
  it('pre-applies known codes as chips and rejects unknown ones', async () => {
    const code = uniqueCode('WELCOME');
    const rule = await discount({ code, amount_off: 1500, currency: 'ils' });
    const session = await cart({ coupon_codes: [code.toLowerCase()] });
    expect(session.discount_summary).toEqual({
      discounts: [{ id: rule.id, code, name: 'Discount' }],
      discount_lines: [{ name: 'Discount', amount_agorot: -1500 }],
      total_discount_agorot: -1500,
      plan_discount_agorot: 0,
    });
    expect(session).toMatchObject({ amount_subtotal: 11000, amount_discount: -1500, amount_total: 9500, amount_due_now: 9500 });
    const res = await api.POST('/v1/checkout_sessions', {
      body: { customer, ...URLS, price: shirtPrice, coupon_codes: [code, 'NOSUCHCODE'] },
    });
    expect(res.response.status).toBe(400);
    expect(res.error!.error).toMatchObject({ code: 'discount_code_not_found', param: 'coupon_codes[1]' });
  });

  it('accepts codes that are expired, exhausted or match nothing, without a chip and without error', async () => {
    const expired = uniqueCode('OLD');
    await discount({ code: expired, percent_off: 10, expires_at: '2020-01-01T00:00:00Z' });
    const elsewhere = uniqueCode('MUGS');
    await discount({ code: elsewhere, percent_off: 10, applies_to: { prices: [mugPrice] } });
    const session = await cart({ coupon_codes: [expired, elsewhere] });
    expect(session.discount_summary.discounts).toEqual([]);
    expect(session.amount_total).toBe(11000);
  });

  it('rejects more than 20 codes or a code over 64 characters', async () => {
    const many = await api.POST('/v1/checkout_sessions', {
      body: { customer, ...URLS, price: shirtPrice, coupon_codes: Array(21).fill('A') },
    });
    expect(many.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'coupon_codes' });
    const long = await api.POST('/v1/checkout_sessions', {
      body: { customer, ...URLS, price: shirtPrice, coupon_codes: ['C'.repeat(65)] },
    });
    expect(long.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'coupon_codes[0]' });
  });
});

describe('POST /v1/checkout_sessions/:id/discount (public)', () => {
  it('applies a percentage to a price-targeted line, once however often it is applied', async () => {
    const code = uniqueCode('SHIRT');
    const rule = await discount({ code, percent_off: 25, applies_to: { prices: [shirtPrice] } });
    const session = await cart();
    const first = await apply(session.id, code.toLowerCase());
    expect(first.response.status).toBe(200);
    expect(first.data!.data).toEqual({
      discounts: [{ id: rule.id, code, name: 'Discount' }],
      discount_lines: [{ name: 'Discount', amount_agorot: -2500 }],
      total_discount_agorot: -2500,
      plan_discount_agorot: 0,
    });
    const again = await apply(session.id, code.toUpperCase());
    expect(again.data!.data).toEqual(first.data!.data);
    const read = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data;
    expect(read.line_items.map((l) => [l.amount_subtotal, l.amount_discount, l.amount_total])).toEqual([
      [10000, -2500, 7500],
      [1000, 0, 1000],
    ]);
    expect(read.amount_total).toBe(8500);
  });

  it('applies a fixed amount to a product-targeted line', async () => {
    const code = uniqueCode('PRODUCT');
    await discount({ code, amount_off: 3000, currency: 'ils', applies_to: { products: [shirtProduct] } });
    const session = await cart();
    expect((await apply(session.id, code)).data!.data.total_discount_agorot).toBe(-3000);
  });

  it('applies an order-level discount to an ad-hoc cart, with a negative line kept as sent', async () => {
    const code = uniqueCode('ORDER');
    await discount({ code, percent_off: 10 });
    const res = await api.POST('/v1/checkout_sessions', {
      body: {
        customer,
        ...URLS,
        line_items: [
          { name: 'Item', amount_agorot: 5005 },
          { name: 'Store credit', amount_agorot: -1000 },
        ],
      },
    });
    const summary = (await apply(res.data!.data.id, code)).data!.data;
    expect(summary.total_discount_agorot).toBe(-501); // 500.5 rounds half up
    const read = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: res.data!.data.id } } })).data!.data;
    expect(read.line_items.map((l) => l.amount_total)).toEqual([4504, -1000]);
    expect(read.amount_total).toBe(3504);
  });

  it('stacks several codes', async () => {
    const a = uniqueCode('STACKA');
    const b = uniqueCode('STACKB');
    await discount({ code: a, amount_off: 1000, currency: 'ils', applies_to: { prices: [shirtPrice] } });
    await discount({ code: b, percent_off: 10 });
    const session = await cart();
    await apply(session.id, a);
    const summary = (await apply(session.id, b)).data!.data;
    // Shirt 10000 − 1000 = 9000, then 10 % of 9000 and of the 1000 wrap.
    expect(summary.discount_lines.map((l) => l.amount_agorot)).toEqual([-1000, -1000]);
    expect(summary.discounts.map((d) => d.code)).toEqual([a, b]);
  });

  it('links only the rules of a code that pass their gates', async () => {
    const code = uniqueCode('TWIN');
    const live = await discount({ code, percent_off: 10, name: 'Live twin' });
    await discount({ code, percent_off: 50, name: 'Expired twin', expires_at: '2020-01-01T00:00:00Z' });
    const session = await cart();
    const summary = (await apply(session.id, code)).data!.data;
    expect(summary.discounts).toEqual([{ id: live.id, code, name: 'Live twin' }]);
  });

  it('answers 404 invalid_code for a code no rule has', async () => {
    const session = await cart();
    const res = await apply(session.id, 'NOSUCH');
    expect(res.response.status).toBe(404);
    expect(res.error!.error).toMatchObject({ code: 'invalid_code', param: 'code' });
  });

  it('answers 400 not_applicable when the rules match nothing in the cart', async () => {
    const code = uniqueCode('MUGONLY');
    await discount({ code, percent_off: 10, applies_to: { prices: [mugPrice] } });
    const session = await cart();
    const res = await apply(session.id, code);
    expect(res.response.status).toBe(400);
    expect(res.error!.error.code).toBe('not_applicable');
    expect(
      (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.discount_summary.discounts,
    ).toEqual([]);
  });

  it.each(['expired', 'exhausted', 'inactive', 'not yet started'])('answers 400 when every rule under the code is %s', async (state) => {
    const code = uniqueCode('GATED');
    const body: Record<string, unknown> = { code, percent_off: 10 };
    if (state === 'expired') body.expires_at = '2020-01-01T00:00:00Z';
    if (state === 'not yet started') body.starts_at = '2099-01-01T00:00:00Z';
    if (state === 'exhausted') body.max_redemptions = 1;
    const rule = await discount(body);
    if (state === 'inactive') await api.POST('/v1/discounts/{id}/deactivate', { params: { path: { id: rule.id } } });
    if (state === 'exhausted') {
      // Redemptions are counted when sessions complete; here one already has.
      await app.services.orm.em.fork().getConnection().execute('update discounts set times_redeemed = 1 where id = ?', [rule.id]);
    }
    const session = await cart();
    const res = await apply(session.id, code);
    expect(res.response.status).toBe(400);
    expect(res.error!.error.code).toBe(state === 'not yet started' ? 'inactive' : state);
  });

  it('discounts the plan of a mixed session and reports it as plan_discount_agorot', async () => {
    const code = uniqueCode('PLANHALF');
    await discount({ code, percent_off: 50, applies_to: { prices: [planPrice] }, duration: 'once' });
    const res = await api.POST('/v1/checkout_sessions', {
      body: { customer, ...URLS, price: planPrice, line_items: [{ name: 'Setup', amount_agorot: 2000 }] },
    });
    const summary = (await apply(res.data!.data.id, code)).data!.data;
    expect(summary).toMatchObject({ total_discount_agorot: -2500, plan_discount_agorot: -2500 });
    const page = (await publicApi.GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: res.data!.data.id } } })).data!.data;
    expect(page.plan).toMatchObject({ unit_amount: 5000, amount_discount: -2500 });
    expect(page.amount_due_now).toBe(4500);
  });

  it('stops a shopper after ten codes that did not work', async () => {
    const session = await cart();
    for (let i = 0; i < 10; i++) expect((await apply(session.id, `GUESS${i}`)).response.status).toBe(404);
    const blocked = await apply(session.id, 'GUESS10');
    expect(blocked.response.status).toBe(429);
    expect(blocked.error!.error.code).toBe('rate_limited');
  });
});

describe('DELETE /v1/checkout_sessions/:id/discount/:code (public)', () => {
  it('unlinks every rule under the code; automatic discounts stay while they match', async () => {
    const code = uniqueCode('BOTH');
    const auto = await discount({ automatic: true, percent_off: 5, applies_to: { products: [shirtProduct] }, name: 'Shirt week' });
    await discount({ code, percent_off: 10, name: 'Ten' });
    await discount({ code, amount_off: 100, currency: 'ils', name: 'Hundred' });
    const session = await cart({ coupon_codes: [code] });
    expect(session.discount_summary.discounts.map((d) => d.name)).toEqual(['Shirt week', 'Ten', 'Hundred']);

    const removed = await remove(session.id, code.toLowerCase());
    expect(removed.response.status).toBe(200);
    expect(removed.data!.data.discounts).toEqual([{ id: auto.id, code: null, name: 'Shirt week' }]);
    const afterwards = await remove(session.id, 'Shirt week');
    expect(afterwards.data!.data.discounts).toEqual([{ id: auto.id, code: null, name: 'Shirt week' }]);
    const read = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data;
    expect(read.discount_summary.discounts.map((d) => d.name)).toEqual(['Shirt week']);
    await api.POST('/v1/discounts/{id}/deactivate', { params: { path: { id: auto.id } } });
  });
});

describe('expiry', () => {
  it('expires a pending session after 30 minutes, emits checkout_session.expired, and refuses codes with 409', async () => {
    const code = uniqueCode('LATE');
    await discount({ code, percent_off: 10 });
    const session = await cart();
    const jobs = await app.services.orm.em
      .fork()
      .getConnection()
      .execute("select start_after from pgboss.job where name = 'checkout-session-expiry' and data->>'sessionId' = ?", [session.id]);
    expect(jobs).toHaveLength(1);
    expect(new Date(jobs[0].start_after).toISOString()).toBe(session.expires_at);

    clock.advance(30 * 60 * 1000 + 1000);
    try {
      const res = await apply(session.id, code);
      expect(res.response.status).toBe(409);
      expect(res.error!.error.code).toBe('session_not_pending');
      expect((await remove(session.id, code)).response.status).toBe(409);
      const read = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data;
      expect(read.status).toBe('expired');
      const events = (await api.GET('/v1/events', { params: { query: { type: 'checkout_session.expired' } } })).data!.data;
      const mine = events.filter((e) => (e.data as { id: string }).id === session.id);
      expect(mine).toHaveLength(1);
      expect(mine[0].data).toMatchObject({ object: 'checkout_session', id: session.id, status: 'expired' });
    } finally {
      clock.advance(-(30 * 60 * 1000 + 1000));
    }
  });
});
