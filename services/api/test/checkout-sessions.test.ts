import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { rawRequest } from './support/contract';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';

let app: TestApp;
let merchant: TestAccount;
let api: KupaClient;
let customer: string;
let shirtProduct: string;
let shirtPrice: string; // one-time
let planProduct: string;
let planPrice: string; // recurring, monthly
let trialPrice: string; // recurring with a 14-day trial

const URLS = {
  success_url: 'https://shop.example.co.il/thanks?session={CHECKOUT_SESSION_ID}',
  cancel_url: 'https://shop.example.co.il/cart',
};

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.createAccount('Shop', { walletsEnabled: true });
  api = app.client(merchant.testKey);
  customer = (await api.POST('/v1/customers', { body: { name: 'Dana' } })).data!.data.id;
  shirtProduct = (await api.POST('/v1/products', { body: { name: 'T-shirt' } })).data!.data.id;
  shirtPrice = (await api.POST('/v1/prices', { body: { product: shirtProduct, unit_amount: 7900, currency: 'ils', type: 'one_time' } }))
    .data!.data.id;
  planProduct = (await api.POST('/v1/products', { body: { name: 'Pro plan' } })).data!.data.id;
  planPrice = (
    await api.POST('/v1/prices', {
      body: { product: planProduct, unit_amount: 4900, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
    })
  ).data!.data.id;
  trialPrice = (
    await api.POST('/v1/prices', {
      body: {
        product: planProduct,
        unit_amount: 4900,
        currency: 'ils',
        type: 'recurring',
        recurring: { interval: 'month', trial_period_days: 14 },
      },
    })
  ).data!.data.id;
});
afterAll(() => app.close());

type CreateBody = Parameters<KupaClient['POST']>[1] extends infer O ? (O extends { body?: infer B } ? B : never) : never;
const create = (body: Record<string, unknown>, client: KupaClient = api) =>
  client.POST('/v1/checkout_sessions', { body: { customer, ...URLS, ...body } as never as CreateBody & never });

function expectRejected(res: Awaited<ReturnType<typeof create>>, status: number, code: string, param?: string) {
  expect(res.response.status).toBe(status);
  expect(res.error!.error.code).toBe(code);
  if (param !== undefined) expect(res.error!.error.param).toBe(param);
}

describe('mode 1: a price alone', () => {
  it('a one-time price makes a payable session with url and embed_url, expiring in 30 minutes', async () => {
    const before = Date.now();
    const res = await create({ price: shirtPrice });
    expect(res.response.status).toBe(200);
    const session = res.data!.data;
    expect(session.id).toMatch(/^co_[0-9A-Za-z]{24}$/);
    expect(session.url).toBe(`${app.services.config.checkoutHostUrl}/checkout/${session.id}`);
    expect(session.embed_url).toBe(`${session.url}/embed`);
    const lifetime = Date.parse(session.expires_at) - Date.parse(session.created);
    expect(lifetime).toBe(30 * 60 * 1000);
    expect(Date.parse(session.created)).toBeGreaterThanOrEqual(before - 1000);
    expect(session).toMatchObject({
      object: 'checkout_session',
      status: 'pending',
      customer,
      price: shirtPrice,
      currency: 'ils',
      capture_method: 'automatic',
      create_document: true,
      amount_subtotal: 7900,
      amount_discount: 0,
      amount_total: 7900,
      amount_due_now: 7900,
      charge: null,
      subscription: null,
      livemode: false,
      locale: 'auto',
    });
    expect(session.line_items).toEqual([
      {
        name: 'T-shirt',
        amount_agorot: 7900,
        quantity: 1,
        description: null,
        image_url: null,
        price: shirtPrice,
        product: shirtProduct,
        amount_subtotal: 7900,
        amount_discount: 0,
        amount_total: 7900,
      },
    ]);
  });

  it('a recurring price starts a subscription: no embed_url', async () => {
    const session = (await create({ price: planPrice })).data!.data;
    expect(session.embed_url).toBeUndefined();
    expect(session).toMatchObject({ amount_total: 4900, amount_due_now: 4900, line_items: [] });
  });

  it('a recurring price with a trial charges nothing now', async () => {
    const session = (await create({ price: trialPrice })).data!.data;
    expect(session).toMatchObject({ amount_total: 4900, amount_due_now: 0 });
  });
});

describe('mode 2: line items alone (a cart)', () => {
  it('takes ad-hoc and catalog-linked lines, with embed_url', async () => {
    const res = await create({
      line_items: [
        { name: 'Mug', amount_agorot: 3500, quantity: 2, description: 'Ceramic', image_url: 'https://cdn.example/mug.png' },
        { name: 'Shirt', amount_agorot: 7900, price: shirtPrice },
        { name: 'Sticker', amount_agorot: 500, product: shirtProduct },
        { name: 'Loyalty credit', amount_agorot: -1000 },
      ],
    });
    expect(res.response.status).toBe(200);
    const session = res.data!.data;
    expect(session.embed_url).toBe(`${session.url}/embed`);
    expect(session.amount_subtotal).toBe(7000 + 7900 + 500 - 1000);
    expect(session.line_items.map((l) => [l.name, l.quantity, l.price, l.product])).toEqual([
      ['Mug', 2, null, null],
      ['Shirt', 1, shirtPrice, shirtProduct],
      ['Sticker', 1, null, shirtProduct],
      ['Loyalty credit', 1, null, null],
    ]);
  });

  it("ignores a line's product when its price is also sent", async () => {
    const res = await create({ line_items: [{ name: 'Shirt', amount_agorot: 7900, price: shirtPrice, product: 'prod_ignored' }] });
    expect(res.data!.data.line_items[0].product).toBe(shirtProduct);
  });

  it.each([
    ['1 to 50 lines: none', { line_items: [] }, 'parameter_invalid', 'line_items'],
    [
      '1 to 50 lines: 51',
      { line_items: Array.from({ length: 51 }, () => ({ name: 'x', amount_agorot: 1 })) },
      'parameter_invalid',
      'line_items',
    ],
    ['an empty name', { line_items: [{ name: '', amount_agorot: 1 }] }, 'parameter_invalid', 'line_items[0].name'],
    ['a 256-character name', { line_items: [{ name: 'n'.repeat(256), amount_agorot: 1 }] }, 'parameter_invalid', 'line_items[0].name'],
    [
      'a 501-character description',
      { line_items: [{ name: 'x', amount_agorot: 1, description: 'd'.repeat(501) }] },
      'parameter_invalid',
      'line_items[0].description',
    ],
    ['quantity 0', { line_items: [{ name: 'x', amount_agorot: 1, quantity: 0 }] }, 'parameter_invalid', 'line_items[0].quantity'],
    ['quantity 1001', { line_items: [{ name: 'x', amount_agorot: 1, quantity: 1001 }] }, 'parameter_invalid', 'line_items[0].quantity'],
    ['a fractional amount', { line_items: [{ name: 'x', amount_agorot: 1.5 }] }, 'parameter_invalid', 'line_items[0].amount_agorot'],
    [
      'an http image',
      { line_items: [{ name: 'x', amount_agorot: 1, image_url: 'http://cdn.example/x.png' }] },
      'parameter_invalid',
      'line_items[0].image_url',
    ],
    [
      'a 2049-character image URL',
      { line_items: [{ name: 'x', amount_agorot: 1, image_url: `https://cdn.example/${'a'.repeat(2030)}` }] },
      'parameter_invalid',
      'line_items[0].image_url',
    ],
    ['an unknown field in a line', { line_items: [{ name: 'x', amount_agorot: 1, sku: 'A1' }] }, 'parameter_unknown', 'line_items[0].sku'],
  ])('rejects %s', async (_name, body, code, param) => {
    expectRejected(await create(body), 400, code, param);
  });

  it('rejects a cart whose total is below zero', async () => {
    expectRejected(
      await create({
        line_items: [
          { name: 'Item', amount_agorot: 1000 },
          { name: 'Credit', amount_agorot: -600, quantity: 2 },
        ],
      }),
      400,
      'cart_total_negative',
      'line_items',
    );
    expect(
      (
        await create({
          line_items: [
            { name: 'Item', amount_agorot: 1000 },
            { name: 'Credit', amount_agorot: -500, quantity: 2 },
          ],
        })
      ).response.status,
    ).toBe(200);
  });

  it('rejects line items whose price or product is unknown (rule 10)', async () => {
    expectRejected(
      await create({ line_items: [{ name: 'x', amount_agorot: 1, price: 'price_nope' }] }),
      400,
      'line_item_target_not_found',
      'line_items[0].price',
    );
    expectRejected(
      await create({
        line_items: [
          { name: 'a', amount_agorot: 1 },
          { name: 'x', amount_agorot: 1, product: 'prod_nope' },
        ],
      }),
      400,
      'line_item_target_not_found',
      'line_items[1].product',
    );
    const stranger = await app.createAccount('Stranger');
    const strangerCustomer = (await app.client(stranger.testKey).POST('/v1/customers', { body: { name: 'S' } })).data!.data.id;
    const res = await app.client(stranger.testKey).POST('/v1/checkout_sessions', {
      body: { customer: strangerCustomer, ...URLS, line_items: [{ name: 'x', amount_agorot: 1, price: shirtPrice }] },
    });
    expectRejected(res, 400, 'line_item_target_not_found', 'line_items[0].price');
  });
});

describe('mode 3: a recurring price with line items (mixed)', () => {
  it('charges the plan and the items in one payment, without embed_url', async () => {
    const session = (await create({ price: planPrice, line_items: [{ name: 'Setup fee', amount_agorot: 10000 }] })).data!.data;
    expect(session.embed_url).toBeUndefined();
    expect(session).toMatchObject({ amount_subtotal: 14900, amount_total: 14900, amount_due_now: 14900 });
  });

  it('with a trial, charges only the one-time items now (rule 5)', async () => {
    const session = (await create({ price: trialPrice, line_items: [{ name: 'Setup fee', amount_agorot: 10000 }] })).data!.data;
    expect(session).toMatchObject({ amount_total: 14900, amount_due_now: 10000 });
  });

  it('rejects a one-time price with line items', async () => {
    expectRejected(
      await create({ price: shirtPrice, line_items: [{ name: 'x', amount_agorot: 1 }] }),
      400,
      'one_time_price_with_line_items',
      'line_items',
    );
  });
});

describe('mode 4: no mode field', () => {
  it.each(['mode', 'customer_email'])('rejects %s as an unknown field', async (field) => {
    expectRejected(
      await create({ price: shirtPrice, [field]: field === 'mode' ? 'payment' : 'dana@example.com' }),
      400,
      'parameter_unknown',
      field,
    );
  });

  it('needs a price or line items', async () => {
    expectRejected(await create({}), 400, 'price_or_line_items_required');
  });
});

describe('required and referenced fields', () => {
  it('needs an existing customer of the same account and mode; none is created', async () => {
    const missing = await api.POST('/v1/checkout_sessions', { body: { ...URLS, price: shirtPrice } as never });
    expectRejected(missing, 400, 'parameter_missing', 'customer');
    expectRejected(await create({ customer: 'cus_nope', price: shirtPrice }), 400, 'customer_not_found', 'customer');
    expectRejected(await create({ price: shirtPrice }, app.client(merchant.liveKey)), 400, 'customer_not_found', 'customer');
  });

  it('needs an existing price', async () => {
    expectRejected(await create({ price: 'price_nope' }), 400, 'price_not_found', 'price');
  });

  it.each(['success_url', 'cancel_url'])('needs %s as an absolute http(s) URL', async (field) => {
    expectRejected(await create({ price: shirtPrice, [field]: '/thanks' }), 400, 'parameter_invalid', field);
    expectRejected(await create({ price: shirtPrice, [field]: 'javascript:alert(1)' }), 400, 'parameter_invalid', field);
    const without = { customer, ...URLS, price: shirtPrice } as Record<string, unknown>;
    delete without[field];
    expectRejected(await api.POST('/v1/checkout_sessions', { body: without as never }), 400, 'parameter_missing', field);
  });

  it.each(['#fff', '#ffffff', '#ffffff80', '#A1b2C3'])('takes background_color %s', async (color) => {
    expect((await create({ price: shirtPrice, background_color: color })).data!.data.background_color).toBe(color);
  });

  it.each(['fff', '#ffff', '#fffffff', 'red', '#gggggg', 'rgb(0,0,0)'])('rejects background_color %s', async (color) => {
    expectRejected(await create({ price: shirtPrice, background_color: color }), 400, 'parameter_invalid', 'background_color');
  });
});

describe('rule 6: manual capture (J5)', () => {
  it('is valid for one-time prices and carts', async () => {
    expect((await create({ price: shirtPrice, capture_method: 'manual' })).data!.data.capture_method).toBe('manual');
    expect((await create({ line_items: [{ name: 'x', amount_agorot: 100 }], capture_method: 'manual' })).response.status).toBe(200);
  });

  it('is rejected for recurring prices and mixed checkout', async () => {
    expectRejected(
      await create({ price: planPrice, capture_method: 'manual' }),
      400,
      'manual_capture_not_supported_for_recurring',
      'capture_method',
    );
    expectRejected(
      await create({ price: planPrice, line_items: [{ name: 'x', amount_agorot: 1 }], capture_method: 'manual' }),
      400,
      'manual_capture_not_supported_for_recurring',
      'capture_method',
    );
  });

  it('does not take auto_open_wallets, and its page offers no wallets', async () => {
    expectRejected(
      await create({ price: shirtPrice, capture_method: 'manual', auto_open_wallets: true }),
      400,
      'auto_open_wallets_not_supported_for_manual',
      'auto_open_wallets',
    );
    const session = (await create({ price: shirtPrice, capture_method: 'manual' })).data!.data;
    const page = await app
      .client()
      .GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: session.id }, query: { surface: 'embed' } } });
    expect(page.data!.data.payment_options).toEqual({
      card: true,
      card_collection: { type: 'server', script_url: null },
      cardholder_id_required: false,
      wallets: [],
      bit_page: false,
      saved_cards: [],
      auto_open_wallets: false,
    });
  });
});

describe('rules 7 and 8: wallets and payment methods (embedded only)', () => {
  it('auto_open_wallets needs wallets enabled for the account', async () => {
    const plain = await app.createAccount('No wallets');
    const client = app.client(plain.testKey);
    const cus = (await client.POST('/v1/customers', { body: { name: 'X' } })).data!.data.id;
    const res = await client.POST('/v1/checkout_sessions', {
      body: { customer: cus, ...URLS, line_items: [{ name: 'x', amount_agorot: 100 }], auto_open_wallets: true },
    });
    expectRejected(res, 400, 'express_checkout_disabled', 'auto_open_wallets');
  });

  it('auto_open_wallets needs wallet among payment_methods when they are given', async () => {
    expectRejected(
      await create({ price: shirtPrice, payment_methods: ['card'], auto_open_wallets: true }),
      400,
      'auto_open_wallets_requires_wallet',
      'auto_open_wallets',
    );
    expect((await create({ price: shirtPrice, payment_methods: ['card', 'wallet'], auto_open_wallets: true })).response.status).toBe(200);
    expect((await create({ price: shirtPrice, auto_open_wallets: true })).response.status).toBe(200);
  });

  it('auto_open_wallets and payment_methods are rejected for recurring and mixed sessions', async () => {
    expectRejected(
      await create({ price: planPrice, auto_open_wallets: true }),
      400,
      'auto_open_wallets_not_supported_for_recurring',
      'auto_open_wallets',
    );
    expectRejected(
      await create({ price: planPrice, line_items: [{ name: 'x', amount_agorot: 1 }], auto_open_wallets: true }),
      400,
      'auto_open_wallets_not_supported_for_recurring',
      'auto_open_wallets',
    );
    expectRejected(
      await create({ price: planPrice, payment_methods: ['card'] }),
      400,
      'payment_methods_not_supported_for_recurring',
      'payment_methods',
    );
    expectRejected(
      await create({ price: trialPrice, line_items: [{ name: 'x', amount_agorot: 1 }], payment_methods: ['wallet'] }),
      400,
      'payment_methods_not_supported_for_recurring',
      'payment_methods',
    );
  });

  it('apply to the embed and are ignored by the hosted page', async () => {
    const session = (await create({ price: shirtPrice, payment_methods: ['card'], background_color: '#112233' })).data!.data;
    const publicApi = app.client();
    const embed = (
      await publicApi.GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: session.id }, query: { surface: 'embed' } } })
    ).data!.data;
    expect(embed.payment_options).toEqual({
      card: true,
      card_collection: { type: 'server', script_url: null },
      cardholder_id_required: false,
      wallets: [],
      bit_page: false,
      saved_cards: [],
      auto_open_wallets: false,
    });
    const hosted = (await publicApi.GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: session.id } } })).data!.data;
    expect(hosted.payment_options).toEqual({
      card: true,
      card_collection: { type: 'server', script_url: null },
      cardholder_id_required: false,
      wallets: ['apple_pay', 'google_pay', 'bit'],
      bit_page: false,
      saved_cards: [],
      auto_open_wallets: false,
    });
    const walletOnly = (await create({ price: shirtPrice, payment_methods: ['wallet'], auto_open_wallets: true })).data!.data;
    const walletEmbed = (
      await publicApi.GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: walletOnly.id }, query: { surface: 'embed' } } })
    ).data!.data;
    expect(walletEmbed.payment_options).toMatchObject({
      card: false,
      wallets: ['apple_pay', 'google_pay', 'bit'],
      auto_open_wallets: true,
    });
  });
});

describe('locale and installments', () => {
  it('keeps locale and installments, refusing installments for recurring and manual sessions', async () => {
    const session = (await create({ price: shirtPrice, locale: 'he', installments: { max: 6 } })).data!.data;
    expect(session).toMatchObject({ locale: 'he', installments: { max: 6 } });
    expectRejected(await create({ price: shirtPrice, locale: 'fr' }), 400, 'parameter_invalid', 'locale');
    expectRejected(await create({ price: shirtPrice, installments: { max: 13 } }), 400, 'parameter_invalid', 'installments.max');
    expectRejected(
      await create({ price: planPrice, installments: { max: 3 } }),
      400,
      'installments_not_supported_for_recurring',
      'installments',
    );
    expectRejected(
      await create({ price: shirtPrice, capture_method: 'manual', installments: { max: 3 } }),
      400,
      'installments_not_supported_for_manual',
      'installments',
    );
  });
});

describe('reading sessions', () => {
  it('retrieves by either prefix, lists newest first, and hides sessions of other accounts and modes', async () => {
    const own = await app.createAccount('Reader');
    const client = app.client(own.testKey);
    const cus = (await client.POST('/v1/customers', { body: { name: 'R' } })).data!.data.id;
    const a = (
      await client.POST('/v1/checkout_sessions', { body: { customer: cus, ...URLS, line_items: [{ name: 'A', amount_agorot: 100 }] } })
    ).data!.data;
    const b = (
      await client.POST('/v1/checkout_sessions', { body: { customer: cus, ...URLS, line_items: [{ name: 'B', amount_agorot: 200 }] } })
    ).data!.data;
    expect((await client.GET('/v1/checkout_sessions/{id}', { params: { path: { id: a.id } } })).data!.data).toEqual(a);
    const viaCs = await client.GET('/v1/checkout_sessions/{id}', { params: { path: { id: a.id.replace('co_', 'cs_') } } });
    expect(viaCs.data!.data.id).toBe(a.id);
    expect((await client.GET('/v1/checkout_sessions')).data!.data.map((s) => s.id)).toEqual([b.id, a.id]);
    expect(
      (await client.GET('/v1/checkout_sessions', { params: { query: { status: 'pending', customer: cus } } })).data!.data,
    ).toHaveLength(2);
    expect((await app.client(own.liveKey).GET('/v1/checkout_sessions/{id}', { params: { path: { id: a.id } } })).response.status).toBe(404);
    expect((await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: a.id } } })).response.status).toBe(404);
  });

  it('the page shows what the shopper needs and nothing secret', async () => {
    const session = (
      await create({
        price: trialPrice,
        line_items: [{ name: 'Setup', amount_agorot: 2500, image_url: 'https://cdn.example/setup.png' }],
        locale: 'en',
      })
    ).data!.data;
    const res = await rawRequest(`${app.baseUrl}/v1/checkout_sessions/${session.id}/page`, {});
    expect(res.status).toBe(200);
    const page = res.body.data;
    expect(page).toMatchObject({
      id: session.id,
      status: 'pending',
      merchant: { name: 'Shop' },
      locale: 'en',
      currency: 'ils',
      plan: { name: 'Pro plan', unit_amount: 4900, interval: 'month', trial_period_days: 14, amount_discount: 0 },
      amount_due_now: 2500,
      cancel_url: URLS.cancel_url,
      expires_at: session.expires_at,
      livemode: false,
    });
    expect(page.line_items[0]).toMatchObject({ name: 'Setup', image_url: 'https://cdn.example/setup.png' });
    const text = JSON.stringify(res.body);
    for (const secret of [customer, merchant.id, 'success_url', 'thanks?session', 'sk_test']) expect(text).not.toContain(secret);
    expect((await rawRequest(`${app.baseUrl}/v1/checkout_sessions/co_unknown/page`, {})).status).toBe(404);
  });
});
