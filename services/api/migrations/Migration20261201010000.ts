import { Migration } from '@mikro-orm/migrations';

export class Migration20261201010000 extends Migration {
  override async up(): Promise<void> {
    // Every processor call that moves money is committed first as an intent, in one table with its kind
    // (payments/application/money/README.md): a checkout's payment, a hold's capture or cancellation, a
    // refund, a subscription's first charge through the API, and a subscription change's charge.
    this.addSql(`create table money_intents (
      id text primary key,
      kind text not null check (kind in ('checkout_payment', 'capture', 'cancel', 'refund', 'subscription_start', 'subscription_change')),
      account_id text not null,
      livemode boolean not null,
      subject_id text not null,
      idempotency_key text not null unique,
      status text not null check (status in ('pending', 'requires_action', 'succeeded', 'failed', 'abandoned')),
      amount bigint,
      request json,
      challenge_id text,
      charge_id text,
      failure_code text,
      reason text,
      credit_used bigint,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
    this.addSql(`insert into money_intents
      (id, kind, account_id, livemode, subject_id, idempotency_key, status, amount, request, challenge_id, charge_id, failure_code, created_at, updated_at)
      select a.id, 'checkout_payment', s.account_id, s.livemode, a.checkout_session_id, a.idempotency_key, a.status, a.amount, a.request,
             a.challenge_id, a.charge_id, a.failure_code, a.created_at, a.updated_at
        from payment_attempts a join checkout_sessions s on s.id = a.checkout_session_id`);
    this.addSql(`insert into money_intents
      (id, kind, account_id, livemode, subject_id, idempotency_key, status, amount, reason, created_at, updated_at)
      select o.id, o.kind, c.account_id, c.livemode, o.charge_id, o.idempotency_key, o.status, o.amount, o.reason, o.created_at, o.created_at
        from charge_operations o join charges c on c.id = o.charge_id`);
    this.addSql(`insert into money_intents
      (id, kind, account_id, livemode, subject_id, idempotency_key, status, request, created_at, updated_at)
      select id, 'subscription_start', account_id, livemode, id, 'sub_' || id || '_0_1', status, request::json, created_at, created_at
        from subscription_starts`);
    this.addSql(`insert into money_intents
      (id, kind, account_id, livemode, subject_id, idempotency_key, status, amount, request, credit_used, created_at, updated_at)
      select id, 'subscription_change', account_id, livemode, subscription_id, 'subchg_' || id, status, amount, change, credit_used, created_at, created_at
        from subscription_changes`);
    this.addSql(`drop table payment_attempts, charge_operations, subscription_starts, subscription_changes`);
    // At most one payment of a checkout session in flight or done.
    this.addSql(`create unique index money_intents_one_live_payment on money_intents (subject_id)
      where kind = 'checkout_payment' and status in ('pending', 'requires_action', 'succeeded')`);
    // A hold ends once: by one capture or one cancellation.
    this.addSql(`create unique index money_intents_one_hold_end on money_intents (subject_id)
      where kind in ('capture', 'cancel') and status <> 'failed'`);
    this.addSql(`create index money_intents_subject on money_intents (subject_id)`);
    // What the reconciler looks for: intents left in flight.
    this.addSql(`create index money_intents_pending on money_intents (updated_at) where status = 'pending'`);
  }
}
