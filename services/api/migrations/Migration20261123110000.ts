import { Migration } from '@mikro-orm/migrations';

export class Migration20261123110000 extends Migration {
  override async up(): Promise<void> {
    // Who the documents are from, and business customers' numbers.
    this.addSql('alter table accounts add column business_profile jsonb');
    this.addSql('alter table customers add column tax_id text');

    // Receipts (exempt dealers, non-profits) beside tax invoice receipts and credit invoices, each type
    // numbered on its own; a document's first rendering is the original, later ones are copies.
    this.addSql('alter table documents drop constraint documents_type_check');
    this.addSql(
      `alter table documents add constraint documents_type_check check (type in ('tax_invoice_receipt', 'credit_invoice', 'receipt'))`,
    );
    this.addSql('alter table documents drop constraint documents_account_id_livemode_number_key');
    this.addSql('alter table documents add constraint documents_number_key unique (account_id, livemode, type, number)');
    this.addSql(
      'alter table documents add column original_rendered_at timestamptz, add column refers_to jsonb, add column allocation jsonb',
    );
    // Details as documents now carry them: the issuer (name, and profile once given), the recipient, the payment.
    this.addSql(`
      update documents set details = json_build_object(
        'issuer', json_build_object('name', details->'business'->>'name', 'profile', null),
        'recipient', json_build_object('name', details->'customer'->>'name', 'taxId', null,
                                        'email', details->'customer'->>'email', 'phone', details->'customer'->>'phone'),
        'payment', json_build_object('cardLast4', details->>'card_last4', 'installments', (details->>'installments')::int))`);
    this.addSql(`
      update documents credit set refers_to = json_build_object('documentId', sale.id, 'type', sale.type, 'number', sale.number)
        from documents sale
       where credit.type = 'credit_invoice' and sale.charge_id = credit.charge_id and sale.refund_id is null
         and sale.account_id = credit.account_id and sale.livemode = credit.livemode`);

    this.addSql(`alter table document_sequences add column type text not null default 'tax_invoice_receipt'`);
    this.addSql('alter table document_sequences alter column type drop default');
    this.addSql('alter table document_sequences drop constraint document_sequences_pkey');
    this.addSql('alter table document_sequences add primary key (account_id, livemode, type)');
    // Credit invoices were numbered in the same sequence: theirs continues after the highest one issued.
    this.addSql(`
      insert into document_sequences (account_id, livemode, type, next_number)
      select account_id, livemode, 'credit_invoice', max(number) + 1 from documents where type = 'credit_invoice' group by account_id, livemode`);
  }
}
