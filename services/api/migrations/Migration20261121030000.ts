import { Migration } from '@mikro-orm/migrations';

export class Migration20261121030000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      -- The simulated (test-mode) processor's own books: cards by token, and every money call by its
      -- idempotency key, so a repeated call replays the recorded result. No card number or CVC.
      create table sim_cards (
        token text primary key,
        brand text not null,
        last4 text not null,
        exp_month integer not null,
        exp_year integer not null,
        fingerprint text not null,
        behavior text not null,
        reusable boolean not null default false,
        created_at timestamptz not null
      );
      create table sim_ledger (
        idempotency_key text primary key,
        operation text not null,
        request jsonb not null,
        result jsonb not null,
        created_at timestamptz not null
      );

      create table payment_methods (
        id text primary key,
        account_id text not null references accounts (id),
        livemode boolean not null,
        customer_id text references customers (id),
        processor_ref text not null,
        brand text not null,
        last4 text not null,
        exp_month integer not null,
        exp_year integer not null,
        fingerprint text not null,
        created_at timestamptz not null
      );
      create index payment_methods_list on payment_methods (account_id, livemode, created_at desc, id desc);
      create index payment_methods_customer on payment_methods (customer_id);

      create table charges (
        id text primary key,
        account_id text not null references accounts (id),
        livemode boolean not null,
        customer_id text not null references customers (id),
        amount bigint not null check (amount >= 0),
        amount_captured bigint,
        amount_refunded bigint not null default 0,
        currency text not null,
        status text not null check (status in ('succeeded', 'failed', 'requires_capture', 'canceled')),
        capture_method text not null check (capture_method in ('automatic', 'manual')),
        authorized_at timestamptz,
        capturable_until timestamptz,
        captured_at timestamptz,
        canceled_at timestamptz,
        cancellation_reason text,
        checkout_session_id text references checkout_sessions (id),
        line_items json,
        subscription_id text,
        payment_method_details json not null,
        installments integer,
        document_id text,
        failure_code text,
        failure_message text,
        processor_ref text,
        create_document boolean not null,
        -- What its tax document will list (a hold's is issued at capture).
        document_lines json not null,
        created_at timestamptz not null,
        check (amount_refunded <= coalesce(amount_captured, 0))
      );
      create index charges_list on charges (account_id, livemode, created_at desc, id desc);
      create index charges_due_holds on charges (capturable_until) where status = 'requires_capture';

      -- One confirmation attempt of a checkout session: written and committed before the processor is
      -- called, so a crash in between is reconciled through its idempotency key.
      create table payment_attempts (
        id text primary key,
        checkout_session_id text not null references checkout_sessions (id),
        idempotency_key text not null unique,
        status text not null check (status in ('pending', 'requires_action', 'succeeded', 'failed', 'abandoned')),
        request json not null,
        amount bigint not null,
        challenge_id text,
        charge_id text,
        failure_code text,
        created_at timestamptz not null,
        updated_at timestamptz not null
      );
      -- At most one attempt of a session in flight or done.
      create unique index payment_attempts_one_live on payment_attempts (checkout_session_id) where status in ('pending', 'requires_action', 'succeeded');

      -- Captures, cancellations and refunds, each recorded before its processor call.
      create table charge_operations (
        id text primary key,
        charge_id text not null references charges (id),
        kind text not null check (kind in ('capture', 'cancel', 'refund')),
        amount bigint,
        reason text,
        idempotency_key text not null unique,
        status text not null check (status in ('pending', 'succeeded', 'failed')),
        created_at timestamptz not null
      );
      -- A hold ends once: by one capture or one cancellation.
      create unique index charge_operations_one_end on charge_operations (charge_id) where kind in ('capture', 'cancel') and status <> 'failed';

      create table refunds (
        id text primary key,
        account_id text not null references accounts (id),
        livemode boolean not null,
        charge_id text not null references charges (id),
        amount bigint not null check (amount > 0),
        currency text not null,
        status text not null,
        reason text,
        document_id text,
        created_at timestamptz not null
      );
      create index refunds_list on refunds (account_id, livemode, created_at desc, id desc);

      create table document_sequences (
        account_id text not null references accounts (id),
        livemode boolean not null,
        next_number integer not null,
        primary key (account_id, livemode)
      );
      create table documents (
        id text primary key,
        account_id text not null references accounts (id),
        livemode boolean not null,
        type text not null check (type in ('tax_invoice_receipt', 'credit_invoice')),
        number integer not null,
        customer_id text not null,
        charge_id text,
        refund_id text,
        currency text not null,
        lines json not null,
        vat_rate integer not null,
        amount_excluding_vat bigint not null,
        vat_amount bigint not null,
        total bigint not null,
        details json not null,
        issued_at timestamptz not null,
        unique (account_id, livemode, number)
      );
      create index documents_list on documents (account_id, livemode, issued_at desc, id desc);

      create table email_outbox (
        id text primary key,
        account_id text not null references accounts (id),
        key text not null unique,
        kind text not null,
        recipient text not null,
        subject text not null,
        text_body text not null,
        status text not null check (status in ('queued', 'sent', 'stored')),
        created_at timestamptz not null,
        sent_at timestamptz
      );
    `);
  }
}
