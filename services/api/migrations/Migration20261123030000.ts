import { Migration } from '@mikro-orm/migrations';

export class Migration20261123030000 extends Migration {
  override async up(): Promise<void> {
    // A subscription's first charge through the API, committed before the processor call.
    this.addSql(`create table subscription_starts (
        id text primary key,
        account_id text not null references accounts (id),
        livemode boolean not null,
        status text not null check (status in ('pending', 'succeeded', 'failed')),
        request jsonb not null,
        created_at timestamptz not null
      )`);
    // What the reconciler looks for: money operations left in flight.
    this.addSql(`create index subscription_starts_pending on subscription_starts (created_at) where status = 'pending'`);
    this.addSql(`create index payment_attempts_pending on payment_attempts (updated_at) where status = 'pending'`);
    this.addSql(`create index charge_operations_pending on charge_operations (created_at) where status = 'pending'`);
  }
}
