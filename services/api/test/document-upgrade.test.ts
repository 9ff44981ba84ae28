import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeDatabase } from './support/upgrade-database';

// A database that issued documents before dealer types, per-type numbering and allocation numbers,
// upgraded by the migration that brought them: its documents read as documents do now, and numbering
// goes on without reusing a number.

const BEFORE = 'Migration20261123100000';
let db: pg.Client;
let migrate: (to?: string) => Promise<void>;

beforeAll(async () => {
  ({ db, migrate } = await upgradeDatabase('kupa_upgrade'));
});
afterAll(async () => {
  await db?.end();
});

describe('upgrading a database with documents', () => {
  it('keeps every document readable and numbers each type after its highest', async () => {
    await migrate(BEFORE);
    await db.query(
      `insert into accounts (id, name, wallets_enabled, live_onboarded, cardholder_id_required, created_at) values ('acct_old', 'Old Shop', false,
        false, false, now())`,
    );
    await db.query(`insert into document_sequences (account_id, livemode, next_number) values ('acct_old', false, 4)`);
    const details = (installments: number | null) =>
      JSON.stringify({
        business: { name: 'Old Shop' },
        customer: { name: 'Dana', email: 'dana@example.co.il', phone: null },
        card_last4: '4242',
        installments,
      });
    const insert = (id: string, type: string, number: number, refundId: string | null, total: number, installments: number | null) =>
      db.query(
        `insert into documents (id, account_id, livemode, type, number, customer_id, charge_id, refund_id, currency, lines, vat_rate,
          amount_excluding_vat, vat_amount, total, details, issued_at)
         values ($1, 'acct_old', false, $2, $3, 'cus_old', 'ch_old', $4, 'ils', '[]', 18, $5, $6, $7, $8, now())`,
        [id, type, number, refundId, total - Math.round((total * 18) / 118), Math.round((total * 18) / 118), total, details(installments)],
      );
    await insert('doc_sale', 'tax_invoice_receipt', 1, null, 11_800, 3);
    await insert('doc_other', 'tax_invoice_receipt', 2, null, 4_900, null);
    await insert('doc_credit', 'credit_invoice', 3, 're_old', -1_180, null);

    await migrate();

    const { rows } = await db.query(`select id, details, refers_to, allocation from documents order by id`);
    const byId = Object.fromEntries(rows.map((row) => [row.id, row]));
    expect(byId.doc_sale.details).toEqual({
      issuer: { name: 'Old Shop', profile: null },
      recipient: { name: 'Dana', taxId: null, email: 'dana@example.co.il', phone: null },
      payment: { cardLast4: '4242', installments: 3 },
    });
    expect(byId.doc_credit.refers_to).toEqual({ documentId: 'doc_sale', type: 'tax_invoice_receipt', number: 1 });
    expect(byId.doc_sale.refers_to).toBeNull();
    expect(byId.doc_sale.allocation).toBeNull();

    const next = async (type: string) =>
      (
        await db.query(
          `insert into document_sequences (account_id, livemode, type, next_number) values ('acct_old', false, $1, 2)
       on conflict (account_id, livemode, type) do update set next_number = document_sequences.next_number + 1 returning next_number - 1 as number`,
          [type],
        )
      ).rows[0].number;
    expect(await next('tax_invoice_receipt')).toBe(4);
    expect(await next('credit_invoice')).toBe(4);
    expect(await next('receipt')).toBe(1);
  });
});
