import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { CARDS, shopper, URLS } from './support/checkout';
import { createHmac } from 'node:crypto';
import { startTestApp, TEST_FINGERPRINT_SECRET, type TestApp } from './support/harness';

let app: TestApp;
let shopA: KupaClient;
let shopB: KupaClient;
let customerA: string;
let otherCustomerA: string;
let customerB: string;
let pay: ReturnType<typeof shopper>;

beforeAll(async () => {
  app = await startTestApp();
  shopA = app.client((await app.createAccount('Shop A')).testKey);
  shopB = app.client((await app.createAccount('Shop B')).testKey);
  customerA = (await shopA.POST('/v1/customers', { body: { name: 'Avi' } })).data!.data.id;
  otherCustomerA = (await shopA.POST('/v1/customers', { body: { name: 'Ben' } })).data!.data.id;
  customerB = (await shopB.POST('/v1/customers', { body: { name: 'Gil' } })).data!.data.id;
  pay = shopper(app);
});
afterAll(() => app.close());

async function session(client: KupaClient, customer: string) {
  return (
    await client.POST('/v1/checkout_sessions', { body: { customer, ...URLS, line_items: [{ name: 'Book', amount_agorot: 10_000 }] } })
  ).data!.data;
}
const statusOf = async (client: KupaClient, id: string) =>
  (await client.GET('/v1/checkout_sessions/{id}', { params: { path: { id } } })).data!.data.status;

describe('card tokens are bound to where they were minted', () => {
  it("a token minted on another merchant's session pays nothing here: 400 token_not_found", async () => {
    const theirs = await session(shopB, customerB);
    const token = await pay.token(theirs.id, CARDS.ok);
    const mine = await session(shopA, customerA);
    const res = await pay.confirm(mine.id, { type: 'card', token });
    expect(res.response.status).toBe(400);
    expect(res.error!.error).toMatchObject({ code: 'token_not_found', param: 'payment_method.token' });
    expect(await statusOf(shopA, mine.id)).toBe('pending');
    // The token still pays the session it was minted on.
    expect((await pay.confirm(theirs.id, { type: 'card', token })).data!.data.status).toBe('succeeded');
  });

  it('a token minted on another session of the same merchant is refused too', async () => {
    const first = await session(shopA, customerA);
    const second = await session(shopA, customerA);
    const token = await pay.token(first.id, CARDS.ok);
    expect((await pay.confirm(second.id, { type: 'card', token })).error!.error.code).toBe('token_not_found');
  });

  it('saves a card only for the customer of the session it was minted on, and not in another account', async () => {
    const s = await session(shopA, customerA);
    const forB = await shopB.POST('/v1/payment_methods', { body: { customer: customerB, token: await pay.token(s.id, CARDS.ok) } });
    expect(forB.error!.error).toMatchObject({ code: 'token_not_found', param: 'token' });
    const forOther = await shopA.POST('/v1/payment_methods', {
      body: { customer: otherCustomerA, token: await pay.token(s.id, CARDS.ok) },
    });
    expect(forOther.error!.error.code).toBe('token_not_found');
    const unknown = await shopA.POST('/v1/payment_methods', { body: { customer: customerA, token: 'tok_neverMinted' } });
    expect(unknown.error!.error).toMatchObject({ code: 'token_not_found', param: 'token' });
    const saved = await shopA.POST('/v1/payment_methods', { body: { customer: customerA, token: await pay.token(s.id, CARDS.ok) } });
    expect(saved.data!.data).toMatchObject({ customer: customerA, card: { last4: '4242' } });
  });
});

describe('card tokens are single-use', () => {
  it('a token that paid an attempt cannot pay another: 400 token_already_used, and a new token pays', async () => {
    const s = await session(shopA, customerA);
    const declined = await pay.token(s.id, CARDS.declined);
    expect((await pay.confirm(s.id, { type: 'card', token: declined })).data!.data.status).toBe('failed');
    const again = await pay.confirm(s.id, { type: 'card', token: declined });
    expect(again.response.status).toBe(400);
    expect(again.error!.error).toMatchObject({ code: 'token_already_used', param: 'payment_method.token' });
    expect((await pay.payWithCard(s.id)).data!.data.status).toBe('succeeded');
  });

  it('a token used to pay cannot also save the card, and a saved token cannot save it twice', async () => {
    const s = await session(shopA, customerA);
    const token = await pay.token(s.id, CARDS.ok);
    expect((await pay.confirm(s.id, { type: 'card', token })).data!.data.status).toBe('succeeded');
    expect((await shopA.POST('/v1/payment_methods', { body: { customer: customerA, token } })).error!.error.code).toBe(
      'token_already_used',
    );

    const other = await session(shopA, customerA);
    const fresh = await pay.token(other.id, CARDS.ok);
    expect((await shopA.POST('/v1/payment_methods', { body: { customer: customerA, token: fresh } })).response.status).toBe(200);
    expect((await shopA.POST('/v1/payment_methods', { body: { customer: customerA, token: fresh } })).error!.error.code).toBe(
      'token_already_used',
    );
  });

  it('a double click (the same token confirmed twice at once) is one payment, not a refusal', async () => {
    const s = await session(shopA, customerA);
    const token = await pay.token(s.id, CARDS.ok);
    const answers = await Promise.all([pay.confirm(s.id, { type: 'card', token }), pay.confirm(s.id, { type: 'card', token })]);
    expect(answers.map((a) => a.data?.data.status)).toEqual(['succeeded', 'succeeded']);
  });
});

describe('card fingerprints', () => {
  const fingerprintOf = async (token: string) =>
    (
      await app.services.orm.em
        .fork()
        .getConnection()
        .execute('select fingerprint from sim_cards join card_tokens t on t.processor_token = sim_cards.token where t.token = ?', [token])
    )[0].fingerprint as string;
  const hmac = (key: string, number: string) => `fp_${createHmac('sha256', key).update(number).digest('hex').slice(0, 24)}`;

  it('are keyed by the configured secret, not by anything a database dump or the code holds', async () => {
    const s = await session(shopA, customerA);
    const token = await pay.token(s.id, '4111 1111 1111 1111');
    expect(await fingerprintOf(token)).toBe(hmac(TEST_FINGERPRINT_SECRET, '4111111111111111'));
    expect(await fingerprintOf(token)).not.toBe(hmac('kupa-simulated-processor', '4111111111111111'));

    // Another deployment, another secret: the same card gets another fingerprint.
    const other = await startTestApp(app.databaseUrl, { env: { CARD_FINGERPRINT_SECRET: 'another-deployment-secret-0123456789abcdef' } });
    try {
      const otherToken = await shopper(other).token(s.id, '4111 1111 1111 1111');
      expect(await fingerprintOf(otherToken)).toBe(hmac('another-deployment-secret-0123456789abcdef', '4111111111111111'));
    } finally {
      await other.close();
    }
  });
});
