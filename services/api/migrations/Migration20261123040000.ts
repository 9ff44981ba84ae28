import { Migration } from '@mikro-orm/migrations';

export class Migration20261123040000 extends Migration {
  override async up(): Promise<void> {
    // Idempotency-Key: a request's answer, kept 24 hours per account and mode (null while it runs).
    this.addSql(`create table idempotency_keys (
        account_id text not null references accounts (id),
        livemode boolean not null,
        key text not null,
        fingerprint text not null,
        response_status integer,
        response_body jsonb,
        locked_at timestamptz not null,
        created_at timestamptz not null,
        primary key (account_id, livemode, key)
      )`);
    this.addSql('create index idempotency_keys_created on idempotency_keys (created_at)');
  }
}
