import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeDatabase } from './support/upgrade-database';

// A database whose stored document lines carry the contract's `unit_amount`, upgraded by the migration
// that gave them the service's own names: every line keeps its values and its place.

const BEFORE = 'Migration20261125030000';
let db: pg.Client;
let migrate: (to?: string) => Promise<void>;

beforeAll(async () => {
  ({ db, migrate } = await upgradeDatabase('kupa_lines'));
});
afterAll(async () => {
  await db?.end();
});

describe('upgrading stored document lines', () => {
  it('renames unit_amount to unitAmount in documents and charges, in order, values unchanged', async () => {
    await migrate(BEFORE);
    const old = [
      { description: 'Shirt', quantity: 2, unit_amount: 5000, amount: 10_000 },
      { description: 'הנחה / Discount', quantity: 1, unit_amount: -1000, amount: -1000 },
    ];
    await db.query(
      `insert into accounts (id, name, wallets_enabled, live_onboarded, cardholder_id_required, created_at) values ('acct_l', 'Shop', false, false,
        false, now())`,
    );
    await db.query(`insert into customers (id, account_id, livemode, name, created_at) values ('cus_l', 'acct_l', false, 'Dana', now())`);
    await db.query(
      `insert into charges (id, account_id, livemode, customer_id, amount, currency, status, capture_method, payment_method_details, create_document,
        document_lines, created_at)
       values ('ch_l', 'acct_l', false, 'cus_l', 9000, 'ils', 'requires_capture', 'manual', '{}', true, $1, now())`,
      [JSON.stringify(old)],
    );
    await db.query(
      `insert into documents (id, account_id, livemode, type, number, customer_id, charge_id, currency, lines, vat_rate, amount_excluding_vat,
        vat_amount, total, details, issued_at)
       values ('doc_l', 'acct_l', false, 'tax_invoice_receipt', 1, 'cus_l', 'ch_l', 'ils', $1, 18, 7627, 1373, 9000, '{}', now()),
              ('doc_empty', 'acct_l', false, 'receipt', 1, 'cus_l', 'ch_l', 'ils', '[]', 0, 0, 0, 0, '{}', now())`,
      [JSON.stringify(old)],
    );

    await migrate();

    const renamed = [
      { description: 'Shirt', quantity: 2, unitAmount: 5000, amount: 10_000 },
      { description: 'הנחה / Discount', quantity: 1, unitAmount: -1000, amount: -1000 },
    ];
    const documents = await db.query(`select id, lines from documents order by id`);
    expect(documents.rows).toEqual([
      { id: 'doc_empty', lines: [] },
      { id: 'doc_l', lines: renamed },
    ]);
    expect((await db.query(`select document_lines from charges where id = 'ch_l'`)).rows[0].document_lines).toEqual(renamed);
  });
});
