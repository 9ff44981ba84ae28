import { Migration } from '@mikro-orm/migrations';

export class Migration20261130010000 extends Migration {
  override async up(): Promise<void> {
    // A key made by a user carries at most that user's role and names them; a key with no role is the
    // account's own, made by the operator (the CLI), as every key made before was.
    this.addSql(`alter table api_keys add column role text check (role in ('admin', 'developer', 'support', 'viewer'))`);
    this.addSql(`alter table api_keys add column made_by_user text`);
    this.addSql(`alter table api_keys add column made_by_email text`);
    this.addSql(`create index api_keys_made_by on api_keys (made_by_user) where made_by_user is not null and revoked_at is null`);
    // The audit log also holds what keys changed (the key, and its maker when a user made it) and the
    // writes refused, with the code they were refused with.
    this.addSql(`alter table audit_log add column api_key_id text`);
    this.addSql(`alter table audit_log add column error_code text`);
    this.addSql(`alter table audit_log alter column user_email drop not null`);
  }
}
