import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';

let app: TestApp;
let merchant: TestAccount;

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.createAccount('Catalog merchant');
});
afterAll(() => app.close());

describe('products', () => {
  it('creates, retrieves and lists a product', async () => {
    const api = app.client(merchant.testKey);
    const created = await api.POST('/v1/products', { body: { name: 'T-shirt', description: 'Cotton, size M' } });
    expect(created.response.status).toBe(200);
    const product = created.data!.data;
    expect(product).toMatchObject({ object: 'product', name: 'T-shirt', description: 'Cotton, size M', active: true, livemode: false });
    expect(product.id).toMatch(/^prod_[0-9A-Za-z]{24}$/);
    expect(product.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const fetched = await api.GET('/v1/products/{id}', { params: { path: { id: product.id } } });
    expect(fetched.data!.data).toEqual(product);
  });

  it('pages through products newest first with limit and starting_after', async () => {
    const other = await app.createAccount('Pager');
    const api = app.client(other.testKey);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await api.POST('/v1/products', { body: { name: `Item ${i}` } })).data!.data.id);

    const first = await api.GET('/v1/products', { params: { query: { limit: 2 } } });
    expect(first.data!.data.map((p) => p.id)).toEqual([ids[4], ids[3]]);
    expect(first.data!.has_more).toBe(true);
    const second = await api.GET('/v1/products', { params: { query: { limit: 2, starting_after: ids[3] } } });
    expect(second.data!.data.map((p) => p.id)).toEqual([ids[2], ids[1]]);
    const last = await api.GET('/v1/products', { params: { query: { limit: 2, starting_after: ids[1] } } });
    expect(last.data!.data.map((p) => p.id)).toEqual([ids[0]]);
    expect(last.data!.has_more).toBe(false);
  });

  it("rejects a starting_after that is not one of the key's objects", async () => {
    const res = await app.client(merchant.testKey).GET('/v1/products', { params: { query: { starting_after: 'prod_doesnotexist' } } });
    expect(res.response.status).toBe(400);
    expect(res.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'starting_after' });
  });
});

describe('prices', () => {
  async function product(name = 'Plan') {
    return (await app.client(merchant.testKey).POST('/v1/products', { body: { name } })).data!.data.id;
  }

  it('creates a recurring price with a trial, per the spec', async () => {
    const api = app.client(merchant.testKey);
    const productId = await product();
    const res = await api.POST('/v1/prices', {
      body: {
        product: productId,
        unit_amount: 4900,
        currency: 'ils',
        tax_mode: 'inclusive',
        type: 'recurring',
        recurring: { interval: 'month', trial_period_days: 14 },
      },
    });
    expect(res.response.status).toBe(200);
    expect(res.data!.data).toMatchObject({
      object: 'price',
      product: productId,
      unit_amount: 4900,
      currency: 'ils',
      tax_mode: 'inclusive',
      type: 'recurring',
      recurring: { interval: 'month', trial_period_days: 14 },
      livemode: false,
    });
    expect(res.data!.data.id).toMatch(/^price_/);
    const fetched = await api.GET('/v1/prices/{id}', { params: { path: { id: res.data!.data.id } } });
    expect(fetched.data!.data).toEqual(res.data!.data);
  });

  it('creates a one-time price with tax_mode defaulting to inclusive and a yearly option as a second price', async () => {
    const api = app.client(merchant.testKey);
    const productId = await product('Mug');
    const once = await api.POST('/v1/prices', { body: { product: productId, unit_amount: 3500, currency: 'ILS', type: 'one_time' } });
    expect(once.data!.data).toMatchObject({ type: 'one_time', recurring: null, currency: 'ils', tax_mode: 'inclusive' });
    const yearly = await api.POST('/v1/prices', {
      body: { product: productId, unit_amount: 49000, currency: 'ils', type: 'recurring', recurring: { interval: 'year' } },
    });
    expect(yearly.data!.data.recurring).toEqual({ interval: 'year', trial_period_days: null });

    const list = await api.GET('/v1/prices', { params: { query: { product: productId } } });
    expect(list.data!.data.map((p) => p.id)).toEqual([yearly.data!.data.id, once.data!.data.id]);
    const onlyRecurring = await api.GET('/v1/prices', { params: { query: { product: productId, type: 'recurring' } } });
    expect(onlyRecurring.data!.data.map((p) => p.id)).toEqual([yearly.data!.data.id]);
  });

  it.each([
    ['a zero amount', { unit_amount: 0 }, 'parameter_invalid', 'unit_amount'],
    ['a fractional amount', { unit_amount: 10.5 }, 'parameter_invalid', 'unit_amount'],
    ['an amount as a string', { unit_amount: '100' }, 'parameter_invalid', 'unit_amount'],
    ['another currency', { currency: 'usd' }, 'currency_not_supported', 'currency'],
    ['recurring without recurring', { type: 'recurring' }, 'parameter_missing', 'recurring'],
    ['recurring on a one-time price', { recurring: { interval: 'month' } }, 'parameter_invalid', 'recurring'],
    ['a weekly interval', { type: 'recurring', recurring: { interval: 'week' } }, 'parameter_invalid', 'recurring.interval'],
    [
      'a trial of 0 days',
      { type: 'recurring', recurring: { interval: 'month', trial_period_days: 0 } },
      'parameter_invalid',
      'recurring.trial_period_days',
    ],
    [
      'a trial of 731 days',
      { type: 'recurring', recurring: { interval: 'month', trial_period_days: 731 } },
      'parameter_invalid',
      'recurring.trial_period_days',
    ],
    [
      'an unknown field inside recurring',
      { type: 'recurring', recurring: { interval: 'month', usage_type: 'metered' } },
      'parameter_unknown',
      'recurring.usage_type',
    ],
    ['another tax mode', { tax_mode: 'exclusive' }, 'parameter_invalid', 'tax_mode'],
  ])('rejects %s', async (_name, override, code, param) => {
    const productId = await product();
    const res = await app.client(merchant.testKey).POST('/v1/prices', {
      body: { product: productId, unit_amount: 1000, currency: 'ils', type: 'one_time', ...override } as never,
    });
    expect(res.response.status).toBe(400);
    expect(res.error!.error).toMatchObject({ type: 'invalid_request_error', code, param });
  });

  it('needs the product to exist in the same account and mode', async () => {
    const productId = await product();
    const stranger = await app.createAccount('Stranger');
    for (const key of [stranger.testKey, merchant.liveKey]) {
      const res = await app
        .client(key)
        .POST('/v1/prices', { body: { product: productId, unit_amount: 1000, currency: 'ils', type: 'one_time' } });
      expect(res.response.status).toBe(400);
      expect(res.error!.error).toMatchObject({ code: 'product_not_found', param: 'product' });
    }
    const before = await app.client(merchant.testKey).GET('/v1/prices', { params: { query: { product: productId } } });
    expect(before.data!.data).toEqual([]);
  });
});

describe('changing products and prices', () => {
  it('updates a product and a price (never its amount), merging metadata, with product.updated and price.updated', async () => {
    const api = app.client(merchant.testKey);
    const product = (await api.POST('/v1/products', { body: { name: 'Tea', description: 'Green', metadata: { sku: 'T-1' } } })).data!.data;
    expect(product.metadata).toEqual({ sku: 'T-1' });
    const price = (
      await api.POST('/v1/prices', {
        body: { product: product.id, unit_amount: 2_500, currency: 'ils', type: 'one_time', metadata: { list: 'a' } },
      })
    ).data!.data;

    const archived = await api.POST('/v1/products/{id}', {
      params: { path: { id: product.id } },
      body: { name: 'Green tea', description: null, active: false, metadata: { sku: '', shelf: '3' } },
    });
    expect(archived.data!.data).toEqual({ ...product, name: 'Green tea', description: null, active: false, metadata: { shelf: '3' } });
    const retired = await api.POST('/v1/prices/{id}', {
      params: { path: { id: price.id } },
      body: { active: false, metadata: { list: 'b' } },
    });
    expect(retired.data!.data).toEqual({ ...price, active: false, metadata: { list: 'b' } });
    const amount = await api.POST('/v1/prices/{id}', { params: { path: { id: price.id } }, body: { unit_amount: 1 } as never });
    expect(amount.error!.error).toMatchObject({ code: 'parameter_unknown' });

    const events = (await api.GET('/v1/events', { params: { query: { limit: 100 } } })).data!.data;
    const about = (id: string) =>
      events.filter((event) => (event.data as { id: string }).id === id).map((event) => [event.type, event.data]);
    expect(about(product.id)).toEqual([['product.updated', archived.data!.data]]);
    expect(about(price.id)).toEqual([['price.updated', retired.data!.data]]);
  });

  it('an inactive price starts no checkout session and no subscription (400 price_inactive), and 404s elsewhere', async () => {
    const api = app.client(merchant.testKey);
    const product = (await api.POST('/v1/products', { body: { name: 'Plan' } })).data!.data.id;
    const monthly = (
      await api.POST('/v1/prices', {
        body: { product, unit_amount: 4_900, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
      })
    ).data!.data.id;
    const once = (await api.POST('/v1/prices', { body: { product, unit_amount: 900, currency: 'ils', type: 'one_time' } })).data!.data.id;
    for (const id of [monthly, once]) await api.POST('/v1/prices/{id}', { params: { path: { id } }, body: { active: false } });
    const customer = (await api.POST('/v1/customers', { body: { name: 'Inactive' } })).data!.data.id;
    const urls = { success_url: 'https://shop.example.co.il/thanks', cancel_url: 'https://shop.example.co.il/cart' };

    const plan = await api.POST('/v1/checkout_sessions', { body: { customer, price: monthly, ...urls } });
    expect(plan.error!.error).toMatchObject({ code: 'price_inactive', param: 'price' });
    const cart = await api.POST('/v1/checkout_sessions', {
      body: { customer, ...urls, line_items: [{ name: 'Tea', amount_agorot: 900, price: once }] },
    });
    expect(cart.error!.error).toMatchObject({ code: 'price_inactive', param: 'line_items[0].price' });
    const card = (await api.POST('/v1/payment_methods', { body: { customer, token: 'tok_visa' } })).data!.data.id;
    const subscription = await api.POST('/v1/subscriptions', { body: { customer, payment_method: card, price: monthly } });
    expect(subscription.error!.error).toMatchObject({ code: 'price_inactive', param: 'price' });

    const stranger = await app.createAccount('Stranger catalog');
    const theirs = await app
      .client(stranger.testKey)
      .POST('/v1/prices/{id}', { params: { path: { id: monthly } }, body: { active: true } });
    expect(theirs.response.status).toBe(404);
  });
});
