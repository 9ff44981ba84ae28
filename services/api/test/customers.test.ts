import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';

let app: TestApp;
let merchant: TestAccount;

beforeAll(async () => {
  app = await startTestApp();
  merchant = await app.createAccount('Customers merchant');
});
afterAll(() => app.close());

describe('customers', () => {
  it('creates a customer with every spec field and normalises an Israeli phone to E.164', async () => {
    const api = app.client(merchant.testKey);
    const res = await api.POST('/v1/customers', { body: { name: 'Dana Levi', email: 'dana@example.co.il', phone: '050-123-4567' } });
    expect(res.response.status).toBe(200);
    const customer = res.data!.data;
    expect(customer).toMatchObject({
      object: 'customer',
      name: 'Dana Levi',
      email: 'dana@example.co.il',
      phone: '+972501234567',
      livemode: false,
      test_clock: null,
    });
    expect(customer.id).toMatch(/^cus_[0-9A-Za-z]{24}$/);
    const fetched = await api.GET('/v1/customers/{id}', { params: { path: { id: customer.id } } });
    expect(fetched.data!.data).toEqual(customer);
  });

  it.each([
    ['0501234567', '+972501234567'],
    ['03-123-4567', '+97231234567'],
    ['+972 54-765-4321', '+972547654321'],
    ['+1 212 555 0123', '+12125550123'],
  ])('reads phone %s as %s', async (phone, e164) => {
    const res = await app.client(merchant.testKey).POST('/v1/customers', { body: { name: 'P', phone } });
    expect(res.data!.data.phone).toBe(e164);
  });

  it('creates a customer with a name only', async () => {
    const res = await app.client(merchant.testKey).POST('/v1/customers', { body: { name: 'Only name' } });
    expect(res.data!.data).toMatchObject({ email: null, phone: null });
  });

  it.each([
    ['email', { email: 'not-an-email' }],
    ['phone', { phone: '12' }],
    ['phone', { phone: 'call me' }],
  ])('rejects an invalid %s, naming the field', async (param, fields) => {
    const api = app.client(merchant.testKey);
    const res = await api.POST('/v1/customers', { body: { name: 'Bad', ...fields } });
    expect(res.response.status).toBe(400);
    expect(res.error!.error).toMatchObject({ code: 'parameter_invalid', param });
  });

  it('rejects a missing or empty name', async () => {
    const api = app.client(merchant.testKey);
    const missing = await api.POST('/v1/customers', { body: {} as never });
    expect(missing.error!.error).toMatchObject({ code: 'parameter_missing', param: 'name' });
    const empty = await api.POST('/v1/customers', { body: { name: '' } });
    expect(empty.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'name' });
  });

  it('lists customers filtered by email', async () => {
    const owner = await app.createAccount('Filter');
    const api = app.client(owner.testKey);
    await api.POST('/v1/customers', { body: { name: 'A', email: 'a@example.com' } });
    const b = (await api.POST('/v1/customers', { body: { name: 'B', email: 'b@example.com' } })).data!.data;
    const res = await api.GET('/v1/customers', { params: { query: { email: 'b@example.com' } } });
    expect(res.data!.data).toEqual([b]);
    const all = await api.GET('/v1/customers');
    expect(all.data!.data).toHaveLength(2);
  });

  it('attaches a test clock of the same account, and refuses an unknown one', async () => {
    const api = app.client(merchant.testKey);
    const clock = (await api.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: '2026-01-31T10:00:00.000Z' } })).data!.data;
    const res = await api.POST('/v1/customers', { body: { name: 'Clocked', test_clock: clock.id } });
    expect(res.data!.data.test_clock).toBe(clock.id);

    const stranger = await app.createAccount('Other clock owner');
    const refused = await app.client(stranger.testKey).POST('/v1/customers', { body: { name: 'X', test_clock: clock.id } });
    expect(refused.response.status).toBe(400);
    expect(refused.error!.error).toMatchObject({ code: 'test_clock_not_found', param: 'test_clock' });
  });
});

describe('test clocks', () => {
  it('creates, retrieves and lists clocks in test mode only', async () => {
    const owner = await app.createAccount('Clocks');
    const api = app.client(owner.testKey);
    const created = await api.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: '2026-03-01T00:00:00Z', name: 'March' } });
    expect(created.data!.data).toMatchObject({
      object: 'test_clock',
      name: 'March',
      frozen_time: '2026-03-01T00:00:00.000Z',
      status: 'ready',
      livemode: false,
    });
    const fetched = await api.GET('/v1/test_helpers/test_clocks/{id}', { params: { path: { id: created.data!.data.id } } });
    expect(fetched.data!.data).toEqual(created.data!.data);
    expect((await api.GET('/v1/test_helpers/test_clocks')).data!.data).toEqual([created.data!.data]);

    const live = app.client(owner.liveKey);
    const refused = await live.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: '2026-03-01T00:00:00Z' } });
    expect(refused.response.status).toBe(400);
    expect(refused.error!.error.code).toBe('livemode_not_allowed');
    const hidden = await live.GET('/v1/test_helpers/test_clocks/{id}', { params: { path: { id: created.data!.data.id } } });
    expect(hidden.response.status).toBe(404);
  });

  it('rejects a frozen_time that is not a timestamp', async () => {
    const res = await app.client(merchant.testKey).POST('/v1/test_helpers/test_clocks', { body: { frozen_time: 'tomorrow' } });
    expect(res.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'frozen_time' });
  });
});

describe('changing a customer', () => {
  it('keeps metadata from create, changes only the fields sent, merges metadata, and emits customer.updated', async () => {
    const api = app.client(merchant.testKey);
    const created = (
      await api.POST('/v1/customers', {
        body: { name: 'Yael Mizrahi', email: 'yael@example.co.il', phone: '052-555-0000', metadata: { crm_id: '7731', channel: 'web' } },
      })
    ).data!.data;
    expect(created.metadata).toEqual({ crm_id: '7731', channel: 'web' });

    const updated = await api.POST('/v1/customers/{id}', {
      params: { path: { id: created.id } },
      body: { name: 'Yael Mizrahi-Cohen', phone: null, tax_id: '516179157', metadata: { channel: '', tier: 'gold' } },
    });
    expect(updated.response.status).toBe(200);
    expect(updated.data!.data).toEqual({
      ...created,
      name: 'Yael Mizrahi-Cohen',
      phone: null,
      tax_id: '516179157',
      metadata: { crm_id: '7731', tier: 'gold' },
    });
    expect((await api.GET('/v1/customers/{id}', { params: { path: { id: created.id } } })).data!.data).toEqual(updated.data!.data);

    const events = (await api.GET('/v1/events', { params: { query: { type: 'customer.updated' } } })).data!.data;
    expect(events.filter((event) => (event.data as { id: string }).id === created.id).map((event) => event.data)).toEqual([
      updated.data!.data,
    ]);
  });

  it('refuses a bad field, a bad check digit and metadata over its limits, changing nothing', async () => {
    const api = app.client(merchant.testKey);
    const customer = (await api.POST('/v1/customers', { body: { name: 'Limits', metadata: { a: '1' } } })).data!.data;
    const change = (body: Record<string, unknown>) =>
      api.POST('/v1/customers/{id}', { params: { path: { id: customer.id } }, body: body as never });
    expect((await change({ tax_id: '516179158' })).error!.error).toMatchObject({ code: 'tax_id_invalid', param: 'tax_id' });
    expect((await change({ email: 'not an email' })).error!.error).toMatchObject({ code: 'parameter_invalid', param: 'email' });
    expect((await change({ metadata: { note: 'x'.repeat(501) } })).error!.error).toMatchObject({ code: 'parameter_invalid' });
    const fifty = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v']));
    expect((await change({ metadata: fifty })).error!.error).toMatchObject({ code: 'parameter_invalid', param: 'metadata' });
    expect((await change({ unknown: 1 })).error!.error).toMatchObject({ code: 'parameter_unknown' });
    expect((await api.GET('/v1/customers/{id}', { params: { path: { id: customer.id } } })).data!.data).toEqual(customer);
  });

  it("answers 404 for another account's customer, and the other mode's", async () => {
    const customer = (await app.client(merchant.testKey).POST('/v1/customers', { body: { name: 'Mine' } })).data!.data;
    const stranger = await app.createAccount('Stranger');
    for (const key of [stranger.testKey, merchant.liveKey]) {
      const res = await app.client(key).POST('/v1/customers/{id}', { params: { path: { id: customer.id } }, body: { name: 'Taken' } });
      expect(res.response.status).toBe(404);
    }
    expect((await app.client(merchant.testKey).GET('/v1/customers/{id}', { params: { path: { id: customer.id } } })).data!.data.name).toBe(
      'Mine',
    );
  });
});

describe('deleting a customer', () => {
  it('is refused while a subscription is open; once it is canceled, the cards are detached and the customer is gone', async () => {
    const api = app.client(merchant.testKey);
    const customer = (await api.POST('/v1/customers', { body: { name: 'Leaving', email: 'leaving@example.co.il' } })).data!.data.id;
    const card = (await api.POST('/v1/payment_methods', { body: { customer, token: 'tok_visa' } })).data!.data.id;
    const product = (await api.POST('/v1/products', { body: { name: 'Plan' } })).data!.data.id;
    const price = (
      await api.POST('/v1/prices', {
        body: { product, unit_amount: 4_900, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
      })
    ).data!.data.id;
    const subscription = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: card, price } })).data!.data.id;
    const [charge] = (await api.GET('/v1/charges', { params: { query: { customer } } })).data!.data;

    const refused = await api.DELETE('/v1/customers/{id}', { params: { path: { id: customer } } });
    expect([refused.response.status, refused.error!.error.code]).toEqual([409, 'customer_has_active_subscriptions']);
    expect((await api.GET('/v1/customers/{id}', { params: { path: { id: customer } } })).response.status).toBe(200);

    await api.POST('/v1/subscriptions/{id}/cancel', { params: { path: { id: subscription } } });
    const deleted = await api.DELETE('/v1/customers/{id}', { params: { path: { id: customer } } });
    expect(deleted.response.status).toBe(200);
    expect((await api.GET('/v1/customers/{id}', { params: { path: { id: customer } } })).response.status).toBe(404);
    expect((await api.DELETE('/v1/customers/{id}', { params: { path: { id: customer } } })).response.status).toBe(404);
    expect((await api.GET('/v1/payment_methods/{id}', { params: { path: { id: card } } })).data!.data.customer).toBeNull();
    const listed = (await api.GET('/v1/customers', { params: { query: { email: 'leaving@example.co.il' } } })).data!.data;
    expect(listed).toEqual([]);
    const events = (await api.GET('/v1/events', { params: { query: { type: 'customer.deleted' } } })).data!.data;
    expect(events.filter((event) => (event.data as { id: string }).id === customer)).toHaveLength(1);

    // Its charges stay, and can still be refunded with their credit document.
    const refund = await api.POST('/v1/charges/{id}/refunds', { params: { path: { id: charge.id } }, body: { amount: 900 } });
    expect(refund.response.status, JSON.stringify(refund.error)).toBe(200);
    expect(refund.data!.data.document).toMatch(/^doc_/);
  });

  it("answers 404 for another account's customer, and leaves it", async () => {
    const customer = (await app.client(merchant.testKey).POST('/v1/customers', { body: { name: 'Mine' } })).data!.data.id;
    const stranger = await app.createAccount('Deleter');
    expect((await app.client(stranger.testKey).DELETE('/v1/customers/{id}', { params: { path: { id: customer } } })).response.status).toBe(
      404,
    );
    expect((await app.client(merchant.testKey).GET('/v1/customers/{id}', { params: { path: { id: customer } } })).response.status).toBe(
      200,
    );
  });
});
