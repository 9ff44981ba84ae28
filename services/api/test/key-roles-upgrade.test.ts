import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { upgradeDatabase } from './support/upgrade-database';

// A database from before keys had roles: the keys its dashboard users made (their audit entries say so)
// carry their maker's role once upgraded, and a removed maker's keys are revoked; every other key stays
// the account's own.

const BEFORE = 'Migration20261129040000';
let db: pg.Client;
let migrate: (to?: string) => Promise<void>;

beforeAll(async () => {
  ({ db, migrate } = await upgradeDatabase('kupa_key_roles_upgrade'));
});
afterAll(async () => {
  await db?.end();
});

describe('upgrading a database with keys made from the dashboard', () => {
  it("gives each key its maker's role, revokes a removed maker's, and leaves the account's keys as they were", async () => {
    await migrate(BEFORE);
    await db.query(`
      insert into accounts (id, name, wallets_enabled, live_onboarded, cardholder_id_required, created_at)
        values ('acct_old', 'Old Shop', false, false, false, now());
      insert into users (id, account_id, email, role, status, created_at) values
        ('user_dev', 'acct_old', 'dev@old.example.co.il', 'developer', 'active', now()),
        ('user_own', 'acct_old', 'own@old.example.co.il', 'owner', 'active', now()),
        ('user_gone', 'acct_old', 'gone@old.example.co.il', 'admin', 'removed', now());
      insert into api_keys (id, account_id, livemode, scope, secret_hash, last4, created_at) values
        ('key_cli', 'acct_old', false, 'full', 'hash_cli', 'aaaa', now()),
        ('key_dev', 'acct_old', true, 'full', 'hash_dev', 'bbbb', now()),
        ('key_own', 'acct_old', true, 'full', 'hash_own', 'cccc', now()),
        ('key_gone', 'acct_old', false, 'full', 'hash_gone', 'dddd', now()),
        ('key_refused', 'acct_old', false, 'full', 'hash_refused', 'eeee', now());
      insert into audit_log (id, account_id, livemode, user_id, user_email, action, target, status, created_at) values
        ('aud_1', 'acct_old', true, 'user_dev', 'dev@old.example.co.il', 'createApiKey', 'key_dev', 200, now()),
        ('aud_2', 'acct_old', true, 'user_own', 'own@old.example.co.il', 'rollApiKey', 'key_own', 200, now()),
        ('aud_3', 'acct_old', false, 'user_gone', 'gone@old.example.co.il', 'createApiKey', 'key_gone', 200, now()),
        ('aud_4', 'acct_old', false, 'user_dev', 'dev@old.example.co.il', 'createApiKey', 'key_refused', 409, now());`);

    await migrate();

    const keys = Object.fromEntries(
      (await db.query(`select id, role, made_by_user, made_by_email, revoked_at from api_keys`)).rows.map((row) => [row.id, row]),
    );
    expect(keys.key_cli).toMatchObject({ role: null, made_by_user: null, revoked_at: null });
    expect(keys.key_refused).toMatchObject({ role: null, made_by_user: null, revoked_at: null });
    expect(keys.key_dev).toMatchObject({
      role: 'developer',
      made_by_user: 'user_dev',
      made_by_email: 'dev@old.example.co.il',
      revoked_at: null,
    });
    expect(keys.key_own).toMatchObject({ role: 'admin', made_by_user: 'user_own', revoked_at: null });
    expect(keys.key_gone).toMatchObject({ role: 'admin', made_by_user: 'user_gone' });
    expect(keys.key_gone.revoked_at).not.toBeNull();
    const entry = (await db.query(`select user_email, api_key_id, error_code from audit_log where id = 'aud_1'`)).rows[0];
    expect(entry).toEqual({ user_email: 'dev@old.example.co.il', api_key_id: null, error_code: null });
  });
});
