import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { createKupaClient } from '@kupa/sdk';
import { freshDatabase } from './support/database';
import { israelDay } from '../src/shared/domain/israel-day';
import { shopper, URLS } from './support/checkout';
import { startTestApp, TEST_MASTER_KEY } from './support/harness';
import { startTranzilaTwin } from '../twins/tranzila/twin';

const run = promisify(execFile);
const API_DIR = fileURLToPath(new URL('..', import.meta.url));
let databaseUrl: string;

async function cli(...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [inject('cli').api, ...args], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', MASTER_KEY: TEST_MASTER_KEY },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

beforeAll(async () => {
  databaseUrl = await freshDatabase();
});

describe('pnpm cli', () => {
  it('accounts create --json prints exactly the account id and one secret key per mode', async () => {
    const res = await cli('accounts', 'create', '--name', 'Cafe Yafo', '--wallets', '--json');
    expect(res.code).toBe(0);
    const printed = JSON.parse(res.stdout);
    expect(Object.keys(printed)).toEqual(['account', 'api_keys']);
    expect(Object.keys(printed.account)).toEqual(['id']);
    expect(printed.account.id).toMatch(/^acct_[0-9A-Za-z]{24}$/);
    expect(Object.keys(printed.api_keys)).toEqual(['test', 'live']);
    expect(printed.api_keys.test).toMatch(/^sk_test_[0-9A-Za-z]{32}$/);
    expect(printed.api_keys.live).toMatch(/^sk_live_[0-9A-Za-z]{32}$/);
  });

  it('keys rotate revokes the old key for the API, and keys create adds a checkout-scoped one', async () => {
    const terminal = { terminal: 'cliolive', appKey: 'cli_app_key', secret: 'cli-terminal-secret' };
    const twin = await startTranzilaTwin({ terminals: [terminal] });
    const app = await startTestApp(databaseUrl, { env: { TRANZILA_API_URL: twin.url } });
    try {
      const created = JSON.parse((await cli('accounts', 'create', '--name', 'Rotating', '--json')).stdout);
      const oldKey = created.api_keys.test;
      const client = (key: string) => createKupaClient({ baseUrl: app.baseUrl, apiKey: key });
      expect((await client(oldKey).GET('/v1/account')).data!.data).toMatchObject({ id: created.account.id, wallets_enabled: false });

      const rotated = await cli('keys', 'rotate', '--account', created.account.id, '--mode', 'test', '--json');
      expect(rotated.code).toBe(0);
      const { api_key: newKey, revoked } = JSON.parse(rotated.stdout);
      expect(revoked).toBe(1);
      expect((await client(oldKey).GET('/v1/account')).response.status).toBe(401);
      expect((await client(newKey).GET('/v1/account')).response.status).toBe(200);
      expect((await client(created.api_keys.live).GET('/v1/account')).response.status).toBe(200);

      const ck = JSON.parse((await cli('keys', 'create', '--account', created.account.id, '--scope', 'checkout', '--json')).stdout).api_key;
      expect(ck).toMatch(/^ck_test_/);
      expect((await client(ck).GET('/v1/account')).response.status).toBe(200);
      expect((await client(newKey).GET('/v1/account')).response.status).toBe(200);

      // Live documents must name the business: going live needs the business profile.
      const refused = await cli('accounts', 'update', '--account', created.account.id, '--live-onboarded');
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Set the business profile');
      const badNumber = await cli(
        'accounts',
        'update',
        '--account',
        created.account.id,
        '--legal-name',
        'Olive Grove Ltd',
        '--business-number',
        '516179158',
        '--dealer-type',
        'company',
        '--address',
        'Herzl 1',
        '--city',
        'Haifa',
      );
      expect(badNumber.code).toBe(1);
      expect(badNumber.stderr).toContain("'516179158' is not a valid business number");
      const partial = await cli('accounts', 'update', '--account', created.account.id, '--legal-name', 'Olive Grove Ltd');
      expect(partial.code).toBe(2);
      expect(partial.stderr).toContain('--business-number is required');

      // …and the live processor.
      const withoutProcessor = await cli(
        'accounts',
        'update',
        '--account',
        created.account.id,
        '--live-onboarded',
        '--legal-name',
        'Olive Grove Ltd',
        '--business-number',
        '516179157',
        '--dealer-type',
        'company',
        '--address',
        'Herzl 1',
        '--city',
        'Haifa',
        '--postal-code',
        '3303101',
      );
      expect(withoutProcessor.code).toBe(1);
      expect(withoutProcessor.stderr).toContain('Connect the live card processor');
      const liveKey = created.api_keys.live;
      const connected = await client(liveKey).POST('/v1/account/processor', {
        body: { name: 'tranzila', terminal: terminal.terminal, credentials: { app_key: terminal.appKey, secret: terminal.secret } },
      });
      expect(connected.response.status).toBe(200);
      const updated = await cli(
        'accounts',
        'update',
        '--account',
        created.account.id,
        '--wallets',
        '--live-onboarded',
        '--json',
        '--legal-name',
        'Olive Grove Ltd',
        '--business-number',
        '516179157',
        '--dealer-type',
        'company',
        '--address',
        'Herzl 1',
        '--city',
        'Haifa',
        '--postal-code',
        '3303101',
      );
      const profile = {
        legal_name: 'Olive Grove Ltd',
        business_number: '516179157',
        dealer_type: 'company',
        address: { line1: 'Herzl 1', city: 'Haifa', postal_code: '3303101' },
        email: null,
        phone: null,
      };
      expect(JSON.parse(updated.stdout).account).toMatchObject({ wallets_enabled: true, live_onboarded: true, business_profile: profile });
      expect((await client(newKey).GET('/v1/account')).data!.data).toMatchObject({
        wallets_enabled: true,
        live_onboarded: true,
        business_profile: profile,
      });
      expect((await cli('accounts', 'update', '--account', created.account.id)).stdout).toContain(
        'documents from: Olive Grove Ltd (company 516179157), Herzl 1, Haifa',
      );

      // A paid checkout's document, exported for the accountant.
      const api = client(newKey);
      const customer = (await api.POST('/v1/customers', { body: { name: 'Dana Levi' } })).data!.data.id;
      const session = (
        await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, line_items: [{ name: 'Olive oil', amount_agorot: 11_800 }] } })
      ).data!.data;
      await shopper(app).payWithCard(session.id);
      const today = israelDay(new Date());
      const exported = await cli('documents', 'export', '--account', created.account.id, '--from', today, '--to', today);
      expect(exported.code, exported.stderr).toBe(0);
      const lines = exported.stdout.trimEnd().split('\r\n');
      expect(lines[0]).toBe(
        'row,type,type_code,number,issued_on,customer,customer_tax_id,charge,refund,refers_to_number,allocation_number,' +
          'amount_excluding_vat,vat_amount,total,documents',
      );
      expect(lines.slice(1).map((line) => line.replace(/,ch_\w+,/, ',CHARGE,'))).toEqual([
        `document,tax_invoice_receipt,320,1,${today},Dana Levi,,CHARGE,,,,100.00,18.00,118.00,1`,
        'total,tax_invoice_receipt,320,,,,,,,,,100.00,18.00,118.00,1',
        'total,all,,,,,,,,,,100.00,18.00,118.00,1',
      ]);
      const badDate = await cli('documents', 'export', '--account', created.account.id, '--from', '23/11/2026', '--to', today);
      expect(badDate.code).toBe(2);
      expect(badDate.stderr).toContain('--from must be a date, YYYY-MM-DD');
    } finally {
      await app.close();
      await twin.close();
    }
  });

  it('users invite gives a new account its first owner, whose link signs them in to the dashboard', async () => {
    const created = JSON.parse((await cli('accounts', 'create', '--name', 'First Owner', '--json')).stdout);
    const invited = await cli('users', 'invite', '--account', created.account.id, '--email', 'maya@first.example.co.il', '--json');
    expect(invited.code, invited.stderr).toBe(0);
    const { user, link } = JSON.parse(invited.stdout);
    expect(user).toMatchObject({ email: 'maya@first.example.co.il', role: 'owner' });
    const app = await startTestApp(databaseUrl);
    try {
      const token = new URL(link).hash.slice(1);
      const accepted = await app
        .client()
        .POST('/v1/dashboard/invitations/accept', { body: { token, password: 'the first owner password' } });
      expect(accepted.data!.data.user).toMatchObject({ id: user.id, role: 'owner', status: 'active' });
      // No key could have made them: even the account's own live key is refused an owner.
      const byKey = await app.client(created.api_keys.live).POST('/v1/users', { body: { email: 'b@first.example.co.il', role: 'owner' } });
      expect(byKey.error!.error.code).toBe('permission_denied');
    } finally {
      await app.close();
    }
    const bad = await cli('users', 'invite', '--account', created.account.id, '--email', 'x@first.example.co.il', '--role', 'boss');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--role must be one of owner, admin, developer, support, viewer');
  });

  it('jobs run runs a scheduled job now', async () => {
    const res = await cli('jobs', 'run', 'checkout-session-expiry-sweep', '--json');
    expect(res.code).toBe(0);
    expect(JSON.parse(res.stdout)).toEqual({ job: 'checkout-session-expiry-sweep', expired: 0 });
    const holds = await cli('jobs', 'run', 'charge-hold-expiry-sweep', '--json');
    expect(JSON.parse(holds.stdout)).toEqual({ job: 'charge-hold-expiry-sweep', expired: 0 });
    const emails = await cli('emails', 'list', '--json');
    expect(JSON.parse(emails.stdout)).toEqual({ emails: [] });
    const unknown = await cli('jobs', 'run', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Unknown job 'nope'");
  });

  it('explains bad usage and unknown accounts without a stack trace', async () => {
    const missing = await cli('accounts', 'create', '--json');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--name is required');
    const unknown = await cli('keys', 'rotate', '--account', 'acct_nope');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No such account: 'acct_nope'");
    expect(unknown.stderr).not.toMatch(/\n\s+at /);
  });
});
