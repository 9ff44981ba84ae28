import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeDatabase } from './support/upgrade-database';

// A database from before subscriptions could change, upgraded by the migrations that brought changes,
// metadata and repeating discounts: a subscription in its trial says `trialing`, a forever discount
// keeps discounting every renewal, and events recorded before read as their objects' shapes now.

const BEFORE = 'Migration20261126030000';
let db: pg.Client;
let migrate: (to?: string) => Promise<void>;

beforeAll(async () => {
  ({ db, migrate } = await upgradeDatabase('kupa_subscription_upgrade'));
});
afterAll(async () => {
  await db?.end();
});

describe('upgrading a database with subscriptions and events', () => {
  it('keeps every subscription and event readable as it is read now', async () => {
    await migrate(BEFORE);
    const plan = JSON.stringify({
      price: 'price_old',
      product: 'prod_old',
      name: 'Old plan',
      unitAmount: 4_900,
      currency: 'ils',
      interval: 'month',
      trialPeriodDays: 14,
    });
    await db.query(`
      insert into accounts (id, name, wallets_enabled, live_onboarded, cardholder_id_required, created_at)
        values ('acct_old', 'Old Shop', false, false, false, now());
      insert into customers (id, account_id, livemode, name, created_at) values ('cus_old', 'acct_old', false, 'Dana', now());
      insert into products (id, account_id, livemode, name, active, created_at) values ('prod_old', 'acct_old', false, 'Old plan', true, now());
      insert into prices (id, account_id, livemode, product_id, unit_amount, currency, tax_mode, type, recurring_interval, trial_period_days,
          active, created_at)
        values ('price_old', 'acct_old', false, 'prod_old', 4900, 'ils', 'inclusive', 'recurring', 'month', 14, true, now());
      insert into payment_methods (id, account_id, livemode, customer_id, processor_ref, brand, last4, exp_month, exp_year, fingerprint, created_at)
        values ('pm_old', 'acct_old', false, 'cus_old', 'ref_old', 'visa', '4242', 12, 2034, 'fp_old', now());`);
    const subscription = (id: string, periodIndex: number, discount: string | null) =>
      db.query(
        `insert into subscriptions (id, account_id, livemode, customer_id, price_id, payment_method_id, plan, status, anchor, period_index,
          current_period_start, current_period_end, trial_end, plan_discount, created_at)
         values ($1, 'acct_old', false, 'cus_old', 'price_old', 'pm_old', $2, 'active', now(), $3, now(), now() + interval '14 days', now(), $4, now())`,
        [id, plan, periodIndex, discount],
      );
    await subscription('sub_trial', -1, null);
    await subscription('sub_forever', 0, JSON.stringify({ amount: 900 }));
    const event = (id: string, type: string, data: object) =>
      db.query(`insert into events (id, account_id, livemode, type, data, created_at) values ($1, 'acct_old', false, $2, $3, now())`, [
        id,
        type,
        JSON.stringify(data),
      ]);
    await event('evt_charge', 'charge.succeeded', { id: 'ch_old', object: 'charge', amount: 4_900 });
    await event('evt_sub', 'subscription.created', { id: 'sub_trial', object: 'subscription', status: 'active' });
    await event('evt_customer', 'customer.updated', { id: 'cus_old', object: 'customer', metadata: { crm: '1' } });

    await migrate();

    const subscriptions = Object.fromEntries(
      (await db.query(`select id, status, plan_discounts, quantity, metadata from subscriptions`)).rows.map((row) => [row.id, row]),
    );
    expect(subscriptions.sub_trial).toMatchObject({ status: 'trialing', plan_discounts: [], quantity: 1, metadata: {} });
    expect(subscriptions.sub_forever).toMatchObject({ status: 'active', plan_discounts: [{ amount: 900, until: null }] });
    const events = Object.fromEntries((await db.query(`select id, data from events`)).rows.map((row) => [row.id, row.data]));
    expect(events.evt_charge).toEqual({ id: 'ch_old', object: 'charge', amount: 4_900, metadata: {} });
    // A snapshot keeps what it recorded: the status it had then; only the fields it never had are added.
    expect(events.evt_sub).toEqual({
      id: 'sub_trial',
      object: 'subscription',
      status: 'active',
      metadata: {},
      quantity: 1,
      pause_collection: null,
    });
    expect(events.evt_customer).toEqual({ id: 'cus_old', object: 'customer', metadata: { crm: '1' }, balance: 0 });
  });
});
