import { Migration } from '@mikro-orm/migrations';

export class Migration20261128010000 extends Migration {
  override async up(): Promise<void> {
    // The certificate each account's documents are signed with, per mode: the key and chain sealed by the account's data key.
    this.addSql(`create table document_certificates (
      id text primary key,
      account_id text not null references accounts (id),
      livemode boolean not null,
      subject text not null,
      expires_at timestamptz not null,
      test boolean not null,
      credentials_sealed text not null,
      created_at timestamptz not null,
      unique (account_id, livemode)
    )`);
    // Each document's signed PDF/A: the original (for the customer's email) and the true copy (for downloads).
    this.addSql(`create table document_files (
      id text primary key,
      document_id text not null references documents (id),
      account_id text not null,
      livemode boolean not null,
      variant text not null check (variant in ('original', 'copy')),
      filename text not null,
      pdf bytea not null,
      signed_by text not null,
      created_at timestamptz not null,
      unique (document_id, variant)
    )`);
    // Which document an email attaches, recorded with the email.
    this.addSql(`alter table email_outbox add column attachment text`);
  }
}
