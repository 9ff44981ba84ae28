import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { CARDS, shopper, URLS } from './support/checkout';
import { rawRequest } from './support/contract';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';
import { waitFor } from './support/receiver';

// The dashboard's home page figures (GET /v1/summary): from the same documents as the accountant's
// export, to the agora.
let app: TestApp;
let merchant: TestAccount;
let api: KupaClient;

beforeAll(async () => {
  app = await startTestApp(undefined, { worker: true, env: { JOB_POLL_INTERVAL_MS: '20' } });
  merchant = await app.createAccount('Olive shop');
  api = app.client(merchant.testKey);
});
afterAll(() => app.close());

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(new Date());
const agorot = (shekels: string) => Math.round(Number(shekels) * 100);

async function pay(customer: string, amount: number, card = CARDS.ok) {
  const session = (
    await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, line_items: [{ name: 'Olive oil', amount_agorot: amount }] } })
  ).data!.data;
  await shopper(app).payWithCard(session.id, card);
  return (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.charge;
}

describe('the summary', () => {
  it("counts today's and this month's sales, refunds, failures and subscriptions, matching the export", async () => {
    const customer = (await api.POST('/v1/customers', { body: { name: 'Dana', email: 'dana@example.co.il' } })).data!.data.id;
    const first = (await pay(customer, 10_000))!;
    await pay(customer, 3_333);
    await pay(customer, 2_000, CARDS.declined);
    await api.POST('/v1/charges/{id}/refunds', { params: { path: { id: first } }, body: { amount: 1_111 } });
    const product = (await api.POST('/v1/products', { body: { name: 'Olive club' } })).data!.data.id;
    const price = (
      await api.POST('/v1/prices', {
        body: { product, unit_amount: 4_900, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
      })
    ).data!.data.id;
    const card = (await api.POST('/v1/payment_methods', { body: { customer, token: 'tok_visa' } })).data!.data.id;
    const subscription = (await api.POST('/v1/subscriptions', { body: { customer, payment_method: card, price } })).data!.data.id;
    await api.POST('/v1/subscriptions/{id}/cancel', { params: { path: { id: subscription } }, body: {} });

    const summary = await waitFor('every document', async () => {
      const answer = (await api.GET('/v1/summary')).data!.data;
      return answer.today.refunds > 0 && answer;
    });
    const expected = {
      from: today(),
      to: today(),
      sales: 10_000 + 3_333 + 4_900,
      refunds: 1_111,
      net: 10_000 + 3_333 + 4_900 - 1_111,
      failed_payments: 1,
      subscriptions_started: 1,
      subscriptions_canceled: 1,
    };
    expect(summary.today).toEqual(expected);
    expect(summary.month).toEqual({ ...expected, from: `${today().slice(0, 8)}01` });
    expect(summary.days.at(-1)).toEqual({ day: today(), sales: expected.sales, refunds: 1_111 });
    expect(summary.days.reduce((sum, d) => sum + d.sales, 0)).toBe(expected.sales);

    // The accountant's export for the same days: its documents of money taken and returned sum to the same.
    const csv = await rawRequest(`${app.baseUrl}/v1/documents/export?issued_from=${summary.month.from}&issued_to=${today()}`, {
      headers: { Authorization: `Bearer ${merchant.testKey}` },
    });
    const rows = (csv.body as string)
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(','))
      .filter((cells) => cells[0] === 'document');
    const sales = rows.filter((cells) => cells[8] === '').reduce((sum, cells) => sum + agorot(cells[13]), 0);
    const refunds = rows.filter((cells) => cells[8] !== '').reduce((sum, cells) => sum + Math.abs(agorot(cells[13])), 0);
    expect({ sales, refunds }).toEqual({ sales: summary.month.sales, refunds: summary.month.refunds });
    // And its total of all documents is the net.
    const all = (csv.body as string)
      .split('\n')
      .find((line) => line.startsWith('total,all,'))!
      .split(',');
    expect(agorot(all[13])).toBe(summary.month.net);

    // Another account's money is not in it, and live mode has its own (none).
    expect((await app.client(merchant.liveKey).GET('/v1/summary')).data!.data.today.sales).toBe(0);
    const bad = await api.GET('/v1/summary', { params: { query: { day: '2026-13-01' } } });
    expect(bad.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'day' });
  });
});
