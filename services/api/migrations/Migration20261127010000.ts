import { Migration } from '@mikro-orm/migrations';

export class Migration20261127010000 extends Migration {
  override async up(): Promise<void> {
    // What customers may do in the customer portal, per mode: only what the merchant set (the rest are defaults).
    this.addSql(`alter table accounts add column portal_settings json not null default '{}'`);
    // When a renewal's declines are retried, in days after the first; a hard decline is not retried.
    this.addSql(`alter table accounts add column retry_days json not null default '[1, 3, 5]'`);
    this.addSql(
      `alter table charges add column failure_kind text check (failure_kind in ('soft', 'hard')), add column next_retry_at timestamptz`,
    );
    // The reason a customer gave when canceling in the portal; the end of a hard-declined subscription's
    // wait for a new card.
    this.addSql(`alter table subscriptions add column cancellation_reason text, add column dunning_ends_at timestamptz`);
    this.addSql(`create index subscriptions_dunning_end on subscriptions (dunning_ends_at) where status = 'past_due'`);
    // The merchant's look (logo, colour, terms and privacy pages), and the logos they upload.
    this.addSql(
      `alter table accounts add column branding json not null default '{"logoUrl":null,"logoId":null,"color":null,"termsUrl":null,"privacyUrl":null}'`,
    );
    this.addSql(`create table account_logos (
      id text primary key,
      account_id text not null references accounts (id),
      content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
      data bytea not null,
      created_at timestamptz not null
    )`);
    // An account's connection to the Tax Authority's Israel Invoices API: its tokens sealed by the account's data key.
    this.addSql(`create table tax_authority_connections (
      id text primary key references accounts (id),
      status text not null check (status in ('pending', 'connected', 'expired', 'revoked')),
      pending_state text unique,
      tokens_sealed text,
      access_expires_at timestamptz,
      refresh_expires_at timestamptz,
      connected_at timestamptz,
      updated_at timestamptz not null
    )`);
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
