import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RenewDueSubscriptions } from '../src/modules/subscriptions/application/renew-due-subscriptions';
import { freshDatabase } from './support/database';
import { startTestApp, type TestApp } from './support/harness';
import { waitFor } from './support/receiver';

const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const COUNT = 1000;

/** `count` monthly subscriptions whose first period ended an hour ago, all on one saved card. */
async function dueSubscriptions(app: TestApp, prefix: string, count = COUNT): Promise<string> {
  const merchant = await app.createAccount('Renewals at scale');
  const api = app.client(merchant.testKey);
  const customer = (await api.POST('/v1/customers', { body: { name: 'Many plans' } })).data!.data.id;
  const pm = (await api.POST('/v1/payment_methods', { body: { customer, token: 'tok_visa' } })).data!.data.id;
  const product = (await api.POST('/v1/products', { body: { name: 'Plan' } })).data!.data.id;
  const price = (
    await api.POST('/v1/prices', {
      body: { product, unit_amount: 1000, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
    })
  ).data!.data.id;
  const plan = JSON.stringify({
    price,
    product,
    name: 'Plan',
    unitAmount: 1000,
    currency: 'ils',
    interval: 'month',
    trialPeriodDays: null,
  });
  await app.services.orm.em
    .fork()
    .getConnection()
    .execute(
      `insert into subscriptions (id, account_id, livemode, customer_id, price_id, payment_method_id, plan, status, anchor, period_index,
       current_period_start, current_period_end, created_at)
     select ? || lpad(g::text, 6, '0'), ?, false, ?, ?, ?, ?::json, 'active',
       now() - interval '1 month 1 hour', 0, now() - interval '1 month 1 hour', now() - interval '1 hour', now() - interval '1 month 1 hour'
     from generate_series(1, ?) g`,
      [prefix, merchant.id, customer, price, pm, plan, count],
    );
  return merchant.id;
}

async function paidPeriods(app: TestApp, accountId: string) {
  const [row] = await app.services.orm.em
    .fork()
    .getConnection()
    .execute(
      `select count(*)::int as charges, count(distinct subscription_id)::int as subscriptions,
            (select count(*)::int from subscriptions where account_id = ? and period_index = 1) as renewed
     from charges where account_id = ? and status = 'succeeded' and subscription_period = 1`,
      [accountId, accountId],
    );
  return row as { charges: number; subscriptions: number; renewed: number };
}

describe('renewals at scale', () => {
  let databaseUrl: string;
  let first: TestApp;

  beforeAll(async () => {
    databaseUrl = await freshDatabase();
    first = await startTestApp(databaseUrl);
  });
  afterAll(async () => {
    await first.close();
  });

  it('two worker processes renewing 1,000 due subscriptions at once charge each exactly once', async () => {
    const accountId = await dueSubscriptions(first, 'sub_pair');
    const run = () =>
      new Promise<{ code: number | null; output: string }>((resolve) => {
        const worker = spawn(process.execPath, [inject('cli').api, 'jobs', 'run', 'renewals', '--json'], {
          cwd: API_DIR,
          env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let output = '';
        worker.stdout!.on('data', (chunk) => (output += chunk));
        worker.on('exit', (code) => resolve({ code, output }));
      });
    const [a, b] = await Promise.all([run(), run()]);
    expect([a.code, b.code]).toEqual([0, 0]);
    const steps = JSON.parse(a.output).steps + JSON.parse(b.output).steps;
    expect(steps).toBe(COUNT);
    expect(await paidPeriods(first, accountId)).toEqual({ charges: COUNT, subscriptions: COUNT, renewed: COUNT });
  }, 240_000);

  it('a worker killed in the middle of a run leaves none missed and none doubled when run again', async () => {
    const accountId = await dueSubscriptions(first, 'sub_crash');
    const worker = spawn(process.execPath, [inject('cli').api, 'jobs', 'run', 'renewals'], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
      detached: true,
      stdio: 'ignore',
    });
    await waitFor('the run to be under way', async () => (await paidPeriods(first, accountId)).charges >= 50, 120_000);
    process.kill(-worker.pid!, 'SIGKILL');
    const halfway = await paidPeriods(first, accountId);
    expect(halfway.charges).toBeLessThan(COUNT);

    await first.services.inContext(() => first.services.container.get(RenewDueSubscriptions).execute());
    expect(await paidPeriods(first, accountId)).toEqual({ charges: COUNT, subscriptions: COUNT, renewed: COUNT });
    const [ledger] = await first.services.orm.em
      .fork()
      .getConnection()
      .execute(
        `select count(*)::int as n, count(distinct request->>'reference')::int as periods from sim_ledger where operation = 'authorize' and
          request->>'reference' like 'sub_crash%:1'`,
      );
    // The processor saw each period's charge once per attempt key: replays are not new authorizations.
    expect(ledger.periods).toBe(COUNT);
  }, 240_000);

  it('a renewal that cannot be recorded holds back no other (of its batch, its page or later pages), and is charged once when it can be', async () => {
    const accountId = await dueSubscriptions(first, 'sub_poison', 250); // two pages
    const db = first.services.orm.em.fork().getConnection();
    // A fault in PostgreSQL itself: the charge of one subscription cannot be written.
    await db.execute(`create function refuse_poisoned_charge() returns trigger language plpgsql as $$
      begin if new.subscription_id = 'sub_poison000008' then raise exception 'this charge cannot be recorded'; end if; return new; end $$`);
    await db.execute(
      'create trigger refuse_poisoned_charge before insert on charges for each row execute function refuse_poisoned_charge()',
    );
    const renew = () => first.services.inContext(() => first.services.container.get(RenewDueSubscriptions).execute());
    try {
      await expect(renew()).rejects.toThrow('this charge cannot be recorded');
      expect(await paidPeriods(first, accountId)).toEqual({ charges: 249, subscriptions: 249, renewed: 249 });
    } finally {
      await db.execute('drop trigger refuse_poisoned_charge on charges');
      await db.execute('drop function refuse_poisoned_charge()');
    }
    await renew();
    expect(await paidPeriods(first, accountId)).toEqual({ charges: 250, subscriptions: 250, renewed: 250 });
    const [ledger] = await db.execute(
      "select count(*)::int as n from sim_ledger where operation = 'authorize' and request->>'reference' = 'sub_poison000008:1'",
    );
    expect(ledger.n).toBe(1);
  }, 120_000);
});
