import { Migration } from '@mikro-orm/migrations';

export class Migration20261130010000 extends Migration {
  override async up(): Promise<void> {
    // A key made by a user carries at most that user's role and names them; a key with no role is the
    // account's own, made by the operator (the CLI), as every key made before was.
    this.addSql(`alter table api_keys add column role text check (role in ('admin', 'developer', 'support', 'viewer'))`);
    this.addSql(`alter table api_keys add column made_by_user text`);
    this.addSql(`alter table api_keys add column made_by_email text`);
    this.addSql(`create index api_keys_made_by on api_keys (made_by_user) where made_by_user is not null and revoked_at is null`);
    // Keys made or rolled from the dashboard before are found by their audit entry: they carry their
    // maker's role now (an owner's as an admin's) and name them, and a removed maker's keys are revoked.
    this.addSql(`update api_keys k
      set role = case u.role when 'owner' then 'admin' else u.role end, made_by_user = u.id, made_by_email = u.email
      from audit_log a join users u on u.id = a.user_id
      where a.target = k.id and a.account_id = k.account_id and a.action in ('createApiKey', 'rollApiKey') and a.status = 200`);
    this.addSql(`update api_keys set revoked_at = now()
      where revoked_at is null and made_by_user in (select id from users where status = 'removed')`);
    // The audit log also holds what keys changed (the key, and its maker when a user made it) and the
    // writes refused, with the code they were refused with.
    this.addSql(`alter table audit_log add column api_key_id text`);
    this.addSql(`alter table audit_log add column error_code text`);
    this.addSql(`alter table audit_log alter column user_email drop not null`);
  }
}
