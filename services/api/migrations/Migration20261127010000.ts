import { Migration } from '@mikro-orm/migrations';

export class Migration20261127010000 extends Migration {
  override async up(): Promise<void> {
    // What customers may do in the customer portal, per mode: only what the merchant set (the rest are defaults).
    this.addSql(`alter table accounts add column portal_settings json not null default '{}'`);
    // The reason a customer gave when canceling in the portal.
    this.addSql(`alter table subscriptions add column cancellation_reason text`);
    // A customer's link to the portal: good for an hour, keyed by its unguessable id.
    this.addSql(`create table portal_sessions (
      id text primary key,
      account_id text not null references accounts (id),
      livemode boolean not null,
      customer_id text not null,
      return_url text,
      locale text not null check (locale in ('he', 'en')),
      expires_at timestamptz not null,
      created_at timestamptz not null
    )`);
  }
}
