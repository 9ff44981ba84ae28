import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { ExpireDueSessions } from '../src/modules/checkout/application/expire-due-sessions';
import { CARDS, shopper, URLS } from './support/checkout';
import { MovableClock, startTestApp, type TestApp } from './support/harness';

const clock = new MovableClock();
let app: TestApp;
let api: KupaClient;
let customer: string;
let pay: ReturnType<typeof shopper>;
let codes = 0;

beforeAll(async () => {
  app = await startTestApp(undefined, { clock });
  api = app.client((await app.createAccount('Sale shop')).testKey);
  customer = (await api.POST('/v1/customers', { body: { name: 'Rina' } })).data!.data.id;
  pay = shopper(app);
});
afterAll(() => app.close());

async function codeWithCap(max: number): Promise<{ id: string; code: string }> {
  const code = `ONCE${++codes}`;
  const rule = (
    await api.POST('/v1/discounts', { body: { name: 'One lucky shopper', code, amount_off: 2_000, currency: 'ils', max_redemptions: max } })
  ).data!.data;
  return { id: rule.id, code };
}

async function sessionWith(code: string) {
  const s = (
    await api.POST('/v1/checkout_sessions', {
      body: { customer, ...URLS, line_items: [{ name: 'Coat', amount_agorot: 10_000 }], coupon_codes: [code] },
    })
  ).data!.data;
  expect(s.discount_summary.discounts).toHaveLength(1);
  return s;
}

const timesRedeemed = async (id: string) => (await api.GET('/v1/discounts/{id}', { params: { path: { id } } })).data!.data.times_redeemed;
const page = async (id: string) =>
  (await app.client().GET('/v1/checkout_sessions/{id}/page', { params: { path: { id }, query: { surface: 'hosted' } } })).data!.data;

describe('max_redemptions under concurrency', () => {
  it('ten sessions paid at once with a code good for one: one is charged the discounted total, the others are refused and see the new total', async () => {
    const { id, code } = await codeWithCap(1);
    const sessions = await Promise.all(Array.from({ length: 10 }, () => sessionWith(code)));
    const tokens = await Promise.all(sessions.map((s) => pay.token(s.id, CARDS.ok)));
    // Each page sends the total it showed, as the hosted page does.
    const answers = await Promise.all(
      sessions.map((s, i) =>
        app.client().POST('/v1/checkout_sessions/{id}/confirm', {
          params: { path: { id: s.id } },
          body: { payment_method: { type: 'card', token: tokens[i] }, expected_amount: 8_000 },
        }),
      ),
    );

    const paid = answers.filter((a) => a.data?.data.status === 'succeeded');
    expect(paid).toHaveLength(1);
    // A confirm that reserved after the winner is refused as exhausted; one that priced after the winner
    // committed no longer sees the discount, so its total is not the one shown: 409 amount_changed.
    const refused = answers.filter((a) => a.response.status === 400 || a.response.status === 409);
    expect(refused).toHaveLength(9);
    for (const answer of refused) {
      if (answer.response.status === 400) {
        expect(answer.error!.error).toMatchObject({ code: 'exhausted', param: 'discounts' });
        expect(answer.error!.error.message).toContain(code);
      } else {
        expect(answer.error!.error).toMatchObject({ code: 'amount_changed' });
      }
    }
    expect(await timesRedeemed(id)).toBe(1);

    const charges = (await api.GET('/v1/charges', { params: { query: { customer, limit: 100 } } })).data!.data;
    const withCode = charges.filter((c) => sessions.some((s) => s.id.replace('co_', 'cs_') === c.checkout_session));
    expect(withCode.map((c) => c.amount)).toEqual([8_000]);

    // A refused shopper's page shows the total without the discount, and paying it works.
    const loser = sessions[answers.findIndex((a) => a.response.status !== 200)];
    expect(await page(loser.id)).toMatchObject({ status: 'pending', amount_total: 10_000, amount_discount: 0 });
    expect((await pay.payWithCard(loser.id)).data!.data.status).toBe('succeeded');
    expect((await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: loser.id } } })).data!.data.amount_total).toBe(10_000);
    expect(await timesRedeemed(id)).toBe(1);
  });

  it('a code that ran out between showing the total and paying: confirm with the shown amount answers 409 amount_changed and charges nothing', async () => {
    const { code } = await codeWithCap(1);
    const mine = await sessionWith(code);
    const shown = (await page(mine.id)).amount_due_now;
    expect(shown).toBe(8_000);
    const theirs = await sessionWith(code);
    expect((await pay.payWithCard(theirs.id)).data!.data.status).toBe('succeeded');

    const token = await pay.token(mine.id, CARDS.ok);
    const refused = await app.client().POST('/v1/checkout_sessions/{id}/confirm', {
      params: { path: { id: mine.id } },
      body: { payment_method: { type: 'card', token }, expected_amount: shown },
    });
    expect(refused.response.status).toBe(409);
    expect(refused.error!.error.code).toBe('amount_changed');
    expect(
      (await api.GET('/v1/charges', { params: { query: { customer, limit: 100 } } })).data!.data.filter(
        (c) => c.checkout_session === mine.id.replace('co_', 'cs_'),
      ),
    ).toEqual([]);
    const now = (await page(mine.id)).amount_due_now;
    expect(now).toBe(10_000);
    const paid = await app.client().POST('/v1/checkout_sessions/{id}/confirm', {
      params: { path: { id: mine.id } },
      body: { payment_method: { type: 'card', token }, expected_amount: now },
    });
    expect(paid.data!.data.status).toBe('succeeded');
  });

  it('a declined payment gives its redemption back for the next shopper', async () => {
    const { id, code } = await codeWithCap(1);
    const first = await sessionWith(code);
    expect((await pay.payWithCard(first.id, CARDS.declined)).data!.data.status).toBe('failed');
    expect(await timesRedeemed(id)).toBe(0);
    const second = await sessionWith(code);
    expect((await pay.payWithCard(second.id)).data!.data.status).toBe('succeeded');
    expect(await timesRedeemed(id)).toBe(1);
  });

  it('a session that expires while its payment awaits 3-D Secure gives its redemption back', async () => {
    const { id, code } = await codeWithCap(1);
    const s = await sessionWith(code);
    expect((await pay.payWithCard(s.id, CARDS.threeDSecure)).data!.data.status).toBe('requires_action');
    expect(await timesRedeemed(id)).toBe(1);
    clock.advance(31 * 60_000);
    try {
      await app.services.inContext(() => app.services.container.get(ExpireDueSessions).execute());
    } finally {
      clock.advance(-31 * 60_000);
    }
    expect((await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: s.id } } })).data!.data.status).toBe('expired');
    expect(await timesRedeemed(id)).toBe(0);
  });
});
