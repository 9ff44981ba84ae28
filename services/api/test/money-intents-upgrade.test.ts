import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeDatabase } from './support/upgrade-database';

// A database from before money intents shared one table: the payment attempts, charge operations,
// subscription starts and subscription changes it holds, settled or still in flight, move to
// `money_intents` with their kind, their merchant and what they move money for, and the rules of one
// live payment per checkout and one end per hold still hold.

const BEFORE = 'Migration20261130010000';
let db: pg.Client;
let migrate: (to?: string) => Promise<void>;

beforeAll(async () => {
  ({ db, migrate } = await upgradeDatabase('kupa_money_intents_upgrade'));
});
afterAll(async () => {
  await db?.end();
});

describe('upgrading a database with money in flight', () => {
  it('moves every intent, in flight or settled, to the one table with its kind, and keeps its rules', async () => {
    await migrate(BEFORE);
    await db.query(`
      insert into accounts (id, name, wallets_enabled, live_onboarded, cardholder_id_required, created_at)
        values ('acct_old', 'Old Shop', false, false, false, now());
      insert into customers (id, account_id, livemode, name, created_at) values ('cus_1', 'acct_old', true, 'Dana', now());
      insert into checkout_sessions (id, account_id, livemode, customer_id, kind, line_items, currency, success_url, cancel_url,
          create_document, capture_method, background_color, auto_open_wallets, locale, status, expires_at, created_at)
        values ('cs_1', 'acct_old', true, 'cus_1', 'cart', '[]', 'ils', 'https://shop.example/ok', 'https://shop.example/back',
          true, 'manual', '#ffffff', false, 'he', 'pending', now() + interval '1 hour', now());
      insert into charges (id, account_id, livemode, customer_id, amount, currency, status, capture_method, payment_method_details,
          create_document, document_lines, created_at)
        values ('ch_1', 'acct_old', true, 'cus_1', 12000, 'ils', 'requires_capture', 'manual', '{}', true, '[]', now());
      insert into payment_attempts (id, checkout_session_id, idempotency_key, status, request, amount, created_at, updated_at) values
        ('att_old', 'cs_1', 'pay_att_old', 'failed', '{"version":3}', 12000, now() - interval '1 hour', now() - interval '1 hour'),
        ('att_live', 'cs_1', 'pay_att_live', 'pending', '{"version":3,"amount":12000}', 12000, now(), now());
      insert into charge_operations (id, charge_id, kind, amount, reason, idempotency_key, status, created_at)
        values ('op_1', 'ch_1', 'cancel', null, 'abandoned', 'cancel_op_1', 'pending', now());
      insert into subscription_starts (id, account_id, livemode, status, request, created_at)
        values ('sub_1', 'acct_old', true, 'pending', '{"version":1}', now());
      insert into subscription_changes (id, account_id, livemode, subscription_id, status, amount, credit_used, change, created_at)
        values ('subchg_1', 'acct_old', true, 'sub_1', 'succeeded', 4990, 10, '{"version":1}', now());`);

    await migrate();

    const intents = Object.fromEntries(
      (
        await db.query(`select id, kind, account_id, livemode, subject_id, idempotency_key, status, amount::int, request::text,
                               reason, credit_used::int from money_intents`)
      ).rows.map(({ id, ...row }) => [id, row]),
    );
    const common = { account_id: 'acct_old', livemode: true };
    expect(intents).toEqual({
      att_old: {
        ...common,
        kind: 'checkout_payment',
        subject_id: 'cs_1',
        idempotency_key: 'pay_att_old',
        status: 'failed',
        amount: 12000,
        request: '{"version":3}',
        reason: null,
        credit_used: null,
      },
      att_live: {
        ...common,
        kind: 'checkout_payment',
        subject_id: 'cs_1',
        idempotency_key: 'pay_att_live',
        status: 'pending',
        amount: 12000,
        request: '{"version":3,"amount":12000}',
        reason: null,
        credit_used: null,
      },
      op_1: {
        ...common,
        kind: 'cancel',
        subject_id: 'ch_1',
        idempotency_key: 'cancel_op_1',
        status: 'pending',
        amount: null,
        request: null,
        reason: 'abandoned',
        credit_used: null,
      },
      // The keys their charges were given: the first period's first try, and the change's own.
      sub_1: {
        ...common,
        kind: 'subscription_start',
        subject_id: 'sub_1',
        idempotency_key: 'sub_sub_1_0_1',
        status: 'pending',
        amount: null,
        request: '{"version": 1}',
        reason: null,
        credit_used: null,
      },
      subchg_1: {
        ...common,
        kind: 'subscription_change',
        subject_id: 'sub_1',
        idempotency_key: 'subchg_subchg_1',
        status: 'succeeded',
        amount: 4990,
        request: '{"version":1}',
        reason: null,
        credit_used: 10,
      },
    });
    const tables = await db.query(
      `select table_name from information_schema.tables
        where table_name in ('payment_attempts', 'charge_operations', 'subscription_starts', 'subscription_changes')`,
    );
    expect(tables.rows).toEqual([]);

    // A second live payment of the checkout, and a second end of the hold, are refused as before.
    await expect(
      db.query(`insert into money_intents (id, kind, account_id, livemode, subject_id, idempotency_key, status, created_at, updated_at)
                values ('att_2', 'checkout_payment', 'acct_old', true, 'cs_1', 'pay_att_2', 'pending', now(), now())`),
    ).rejects.toThrow(/money_intents_one_live_payment/);
    await expect(
      db.query(`insert into money_intents (id, kind, account_id, livemode, subject_id, idempotency_key, status, created_at, updated_at)
                values ('op_2', 'capture', 'acct_old', true, 'ch_1', 'capture_op_2', 'pending', now(), now())`),
    ).rejects.toThrow(/money_intents_one_hold_end/);
  });
});
