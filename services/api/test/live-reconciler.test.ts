import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { UpdateAccountSettings } from '../src/modules/accounts/application/update-account-settings';
import { reconcile } from '../src/main/reconciler';
import { startTranzilaTwin, type TranzilaTwin } from '../twins/tranzila/twin';
import { chargeInHostedFields, shopper, URLS } from './support/checkout';
import { crashedCall } from './support/crash';
import { freshDatabase } from './support/database';
import { startTestApp, type TestApp } from './support/harness';

// The crash matrix of the live flows: a second API process on the same database dies on either side of
// its call to Tranzila (the twin), then the reconciler finishes the operation: by a lookup of its key
// when Tranzila already acted (the repeat is refused as a duplicate and the first transaction found),
// by the call itself when it never left. A payment made in Tranzila's own fields is read back by its key.
// Each ends with exactly one transaction in the twin's ledger.
const POINTS = ['before_processor_call', 'after_processor_call'] as const;
type Point = (typeof POINTS)[number];
const TERMINAL = { terminal: 'crashshop', appKey: 'crash_app_key', secret: 'crash-terminal-secret' };
const CARD = '4444333322221111';
const ENV = { PAYMENT_ATTEMPT_STALE_MS: '0' };

let twin: TranzilaTwin;
let app: TestApp;
const crashing = {} as Record<Point, TestApp>;
let live: KupaClient;
let liveKey: string;
let customer: string;
let pay: ReturnType<typeof shopper>;

beforeAll(async () => {
  twin = await startTranzilaTwin({ terminals: [TERMINAL] });
  const env = { ...ENV, TRANZILA_API_URL: twin.url };
  const databaseUrl = await freshDatabase();
  app = await startTestApp(databaseUrl, { env });
  for (const point of POINTS) crashing[point] = await startTestApp(databaseUrl, { env: { ...env, TEST_FAULTS: point } });
  const merchant = await app.createAccount('Crash-proof shop');
  liveKey = merchant.liveKey;
  live = app.client(liveKey);
  pay = shopper(app);
  await live.POST('/v1/account', {
    body: {
      business_profile: {
        legal_name: 'Crash Ltd',
        business_number: '516179157',
        dealer_type: 'company',
        address: { line1: 'Herzl 1', city: 'Haifa', postal_code: null },
        email: null,
        phone: null,
      },
    },
  });
  expect(
    (
      await live.POST('/v1/account/processor', {
        body: { name: 'tranzila', terminal: TERMINAL.terminal, credentials: { app_key: TERMINAL.appKey, secret: TERMINAL.secret } },
      })
    ).response.status,
  ).toBe(200);
  await app.services.inContext(() =>
    app.services.container.get(UpdateAccountSettings).execute({ accountId: merchant.id, liveOnboarded: true }),
  );
  customer = (await live.POST('/v1/customers', { body: { name: 'Dana Levi', email: 'dana@example.co.il' } })).data!.data.id;
});
afterAll(async () => {
  for (const point of POINTS) await crashing[point]?.close();
  await app?.close();
  await twin?.close();
});

const reconciled = () => app.services.inContext(() => reconcile(app.services.container));
const sessionOf = async (id: string) => (await live.GET('/v1/checkout_sessions/{id}', { params: { path: { id } } })).data!.data;
const chargeOf = async (id: string) => (await live.GET('/v1/charges/{id}', { params: { path: { id } } })).data!.data;
/** Approved transactions of one kind in the twin's ledger that refer to `reference` (or all of the kind). */
const moved = (txnType: string, referenceTxnId?: string) =>
  twin.ledger.filter(
    (t) => t.txnType === txnType && t.responseCode === '000' && (referenceTxnId === undefined || t.referenceTxnId === referenceTxnId),
  ).length;

const crashed = (point: Point, path: string, body: unknown, key?: string) => crashedCall(crashing[point], path, body, key);

async function session(extra: Record<string, unknown> = {}) {
  const res = await live.POST('/v1/checkout_sessions', {
    body: { customer, ...URLS, line_items: [{ name: 'Lamp', amount_agorot: 10_000 }], ...extra } as never,
  });
  return res.data!.data;
}

/** The Tranzila transaction a charge's reference names (its first field). */
const transactionOf = (processorRef: string) => processorRef.split('~')[0];
const processorRefOf = async (chargeId: string) => {
  const [row] = await app.services.orm.em.fork().getConnection().execute('select processor_ref from charges where id = ?', [chargeId]);
  return row.processor_ref as string;
};

describe.each(POINTS)('live: a crash %s Tranzila, then the reconciler', (point) => {
  it("a checkout payment made in Tranzila's fields is recorded once, by its key, when the report dies", async () => {
    const s = await session();
    const { challenge_id: challengeId, charge } = (await pay.confirm(s.id, { type: 'hosted_fields' })).data!.data.next_action!;
    const debits = moved('debit');
    const charged = await chargeInHostedFields(twin.url, charge!, CARD);
    expect(moved('debit') - debits).toBe(1);
    const report = { challenge_id: challengeId, transaction_id: charged.transaction_response!.transaction_id, card: null };
    await crashed(point, `/v1/checkout_sessions/${s.id}/hosted_charge`, report);
    expect((await sessionOf(s.id)).status).toBe('pending');

    expect((await reconciled()).checkouts).toBe(1);
    const paid = await sessionOf(s.id);
    expect(paid.status).toBe('completed');
    expect(await chargeOf(paid.charge!)).toMatchObject({ status: 'succeeded', amount: 10_000, livemode: true });
    expect(moved('debit') - debits).toBe(1);
    expect((await reconciled()).checkouts).toBe(0);
  });

  it('a capture is forced once, and a refund credited once', async () => {
    const s = await session({ capture_method: 'manual' });
    expect((await pay.payInHostedFields(s.id, twin.url, CARD)).reported!.data!.data.status).toBe('succeeded');
    const held = (await sessionOf(s.id)).charge!;
    const hold = transactionOf(await processorRefOf(held));
    await crashed(point, `/v1/charges/${held}/capture`, { amount: 7_000 }, liveKey);
    expect((await reconciled()).operations).toBe(1);
    expect(await chargeOf(held)).toMatchObject({ status: 'succeeded', amount_captured: 7_000 });
    expect(moved('force', hold)).toBe(1);

    const forced = transactionOf(await processorRefOf(held));
    expect(forced).not.toBe(hold);
    await crashed(point, `/v1/charges/${held}/refunds`, { amount: 2_000 }, liveKey);
    expect((await reconciled()).operations).toBe(1);
    expect(await chargeOf(held)).toMatchObject({ amount_refunded: 2_000 });
    expect(moved('credit', forced)).toBe(1);
    expect((await reconciled()).operations).toBe(0);
  });
});
