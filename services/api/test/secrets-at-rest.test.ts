import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { AesSecretBox, type MasterKeys } from '../src/platform/secrets/secret-box';
import { startTestApp, TEST_MASTER_KEY, type TestApp } from './support/harness';

const run = promisify(execFile);
const API_DIR = fileURLToPath(new URL('..', import.meta.url));
const OLD = Buffer.from(TEST_MASTER_KEY, 'base64');
const NEW = Buffer.alloc(32, 77);

let app: TestApp;
let accounts: string[];
beforeAll(async () => {
  app = await startTestApp();
  accounts = [(await app.createAccount('Sealed one')).id, (await app.createAccount('Sealed two')).id];
});
afterAll(() => app.close());

const box = (keys: MasterKeys) => new AesSecretBox(app.services.orm.em, () => keys);
const sql = (query: string, params: unknown[] = []) => app.services.orm.em.fork().getConnection().execute(query, params);

describe('secrets at rest', () => {
  it("seal under the account's own key: only that account and purpose open them, and no plaintext is stored", async () => {
    const sealed = await box({ current: OLD, previous: [] }).seal(accounts[0], 'processor-credentials', 'terminal-secret-123');
    expect(sealed).not.toContain('terminal-secret-123');
    await expect(box({ current: OLD, previous: [] }).open(accounts[0], 'processor-credentials', sealed)).resolves.toBe(
      'terminal-secret-123',
    );
    await expect(box({ current: OLD, previous: [] }).open(accounts[1], 'processor-credentials', sealed)).rejects.toThrow();
    await expect(box({ current: OLD, previous: [] }).open(accounts[0], 'webhook-secret', sealed)).rejects.toThrow();
    const [row] = await sql('select wrapped::text as wrapped from account_data_keys where account_id = ?', [accounts[0]]);
    expect(row.wrapped).toMatch(/^v1\./);
    // A process given another master key alone cannot open anything.
    await expect(box({ current: NEW, previous: [] }).open(accounts[0], 'processor-credentials', sealed)).rejects.toThrow(/master key/);
  });

  it('pnpm cli secrets rotate-master re-wraps every data key under the new master key, and every secret stays readable', async () => {
    const sealed = await Promise.all(
      accounts.map((account, i) => box({ current: OLD, previous: [] }).seal(account, 'processor-credentials', `secret-${i}`)),
    );
    const rotate = await run(process.execPath, [inject('cli').api, 'secrets', 'rotate-master', '--json'], {
      cwd: API_DIR,
      env: {
        ...process.env,
        DATABASE_URL: app.databaseUrl,
        LOG_LEVEL: 'silent',
        MASTER_KEY: NEW.toString('base64'),
        MASTER_KEY_PREVIOUS: TEST_MASTER_KEY,
      },
    });
    expect(JSON.parse(rotate.stdout).rotated).toBeGreaterThanOrEqual(2);
    const afterwards = box({ current: NEW, previous: [] });
    expect(await Promise.all(accounts.map((account, i) => afterwards.open(account, 'processor-credentials', sealed[i])))).toEqual([
      'secret-0',
      'secret-1',
    ]);
    // The old key alone no longer opens them: nothing is left wrapped by it.
    await expect(box({ current: OLD, previous: [] }).open(accounts[0], 'processor-credentials', sealed[0])).rejects.toThrow(/master key/);
    const [{ n }] = await sql('select count(*)::int as n from account_data_keys where rotated_at is null');
    expect(n).toBe(0);
  });
});
