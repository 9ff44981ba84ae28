import { Migration } from '@mikro-orm/migrations';

export class Migration20261125020000 extends Migration {
  override async up(): Promise<void> {
    // Each account's data key, wrapped by the master key (which is never stored here).
    this.addSql(`create table account_data_keys (
      account_id text primary key references accounts (id),
      wrapped text not null,
      master_key_id text not null,
      created_at timestamptz not null,
      rotated_at timestamptz null
    )`);
    // A live account's card processor: which, its terminal, and its credentials sealed by the data key.
    this.addSql(`create table processor_connections (
      account_id text primary key references accounts (id),
      name text not null,
      terminal text not null,
      credentials_sealed text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`);
  }
}
