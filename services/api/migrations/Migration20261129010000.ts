import { Migration } from '@mikro-orm/migrations';

export class Migration20261129010000 extends Migration {
  override async up(): Promise<void> {
    // The largest refund a dashboard user with the `support` role may make: ₪500 until the merchant sets it.
    this.addSql(`alter table accounts add column support_refund_limit bigint not null default 50000`);
    // The people who sign in to an account's dashboard. Removed users keep their row for the audit log.
    this.addSql(`create table users (
      id text primary key,
      account_id text not null references accounts (id),
      email text not null,
      name text,
      role text not null check (role in ('owner', 'admin', 'developer', 'support', 'viewer')),
      status text not null check (status in ('invited', 'active', 'removed')),
      password_hash text,
      totp_secret text,
      totp_pending text,
      totp_last_step integer,
      invitation_hash text,
      invitation_expires_at timestamptz,
      created_at timestamptz not null,
      last_sign_in_at timestamptz
    )`);
    this.addSql(`create unique index users_account_email on users (account_id, email)`);
    this.addSql(`create index users_email on users (email) where status = 'active'`);
    this.addSql(`create unique index users_invitation on users (invitation_hash) where invitation_hash is not null`);
    this.addSql(`create index users_listing on users (account_id, created_at desc, id desc)`);
    // Signed-in browsers: only the token's SHA-256 is kept.
    this.addSql(`create table dashboard_sessions (
      id text primary key,
      account_id text not null,
      user_id text not null references users (id),
      token_hash text not null unique,
      address text,
      user_agent text,
      created_at timestamptz not null,
      last_seen_at timestamptz not null,
      ended_at timestamptz
    )`);
    this.addSql(`create index dashboard_sessions_open on dashboard_sessions (user_id) where ended_at is null`);
    // Failed sign-ins per email (by its hash), known to the service or not.
    this.addSql(`create table sign_in_throttles (
      id text primary key,
      failures integer not null,
      first_failure_at timestamptz not null,
      locked_until timestamptz
    )`);
    this.addSql(`create table audit_log (
      id text primary key,
      account_id text not null,
      livemode boolean not null,
      user_id text,
      user_email text not null,
      action text not null,
      target text,
      status integer not null,
      address text,
      request_id text,
      created_at timestamptz not null
    )`);
    this.addSql(`create index audit_log_listing on audit_log (account_id, created_at desc, id desc)`);
  }
}
