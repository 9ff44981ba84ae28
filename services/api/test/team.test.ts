import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { totpCode } from '../src/modules/team/domain/totp';
import { RequestLog } from '../src/modules/request-log';
import { CARDS, shopper, URLS } from './support/checkout';
import { accept, dashboardClient, invitationLink, member, sessionCookieOf, signedIn, signIn, withTwoFactor } from './support/dashboard';
import { everyRow } from './support/every-row';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';
import { waitFor } from './support/receiver';

// People and sessions of the merchant dashboard (DESIGN §3d): invitations, sign-in with argon2id and
// TOTP, lockout, the session cookie with its CSRF token, roles on every operation, and the audit log.
let app: TestApp;
let merchant: TestAccount;
let api: KupaClient;
let ownerLogin: Awaited<ReturnType<typeof member>>;
const OWNER = 'noa@studio.example.co.il';
const OWNER_PASSWORD = 'owner password of noa@studio.example.co.il';
const logs: string[] = [];
/** Every secret a test below handled: none may be stored or logged in the clear. */
const secrets = new Set<string>([OWNER_PASSWORD]);

beforeAll(async () => {
  app = await startTestApp(undefined, { worker: true, logs, env: { JOB_POLL_INTERVAL_MS: '20' } });
  merchant = await app.createAccount('Studio Noa');
  api = app.client(merchant.testKey);
  ownerLogin = await member(app, merchant.id, OWNER, 'owner');
});
afterAll(() => app.close());

const sql = async <T>(query: string, params: unknown[] = []) =>
  (await app.services.orm.em.fork().getConnection().execute(query, params)) as T[];

/** A paid charge of `amount` agorot, through the checkout page's endpoints. */
async function paidCharge(amount: number): Promise<string> {
  const customer = (await api.POST('/v1/customers', { body: { name: 'Dana Levi', email: 'dana@example.co.il' } })).data!.data.id;
  const session = (
    await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, line_items: [{ name: 'Print', amount_agorot: amount }] } })
  ).data!.data;
  expect((await shopper(app).payWithCard(session.id, CARDS.ok)).data!.data.status).toBe('succeeded');
  return waitFor(
    'the charge',
    async () => (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.charge ?? undefined,
  );
}

describe('invitations and sign-in', () => {
  it('an invited owner chooses a password, is signed in by a strict cookie, and reads the account like a key', async () => {
    const link = await invitationLink(app, OWNER);
    expect(link).toMatch(/^http:\/\/localhost:\d+\/dashboard\/accept\?lang=he#inv_/);
    // The link worked once.
    const again = await app.client().POST('/v1/dashboard/invitations/accept', {
      body: { token: new URL(link).hash.slice(1), password: 'another long password' },
    });
    expect(again.error?.error).toMatchObject({ code: 'invitation_invalid', param: 'token' });

    const res = await signIn(app, OWNER, OWNER_PASSWORD);
    expect(res.response.status).toBe(200);
    const cookie = res.response.headers.get('set-cookie')!;
    expect(cookie).toMatch(/^kupa_session=ds_\w+; Path=\/; HttpOnly; SameSite=Strict$/);
    expect(res.data!.data).toMatchObject({
      object: 'dashboard_session',
      user: { email: OWNER, role: 'owner', status: 'active', two_factor_enabled: false },
      account: { id: merchant.id, name: 'Studio Noa' },
      idle_timeout_seconds: 43_200,
    });
    const dashboard = dashboardClient(app, { cookie: sessionCookieOf(res.response), csrf: res.data!.data.csrf_token });
    secrets.add(sessionCookieOf(res.response)).add(res.data!.data.csrf_token).add(new URL(link).hash.slice(1));
    const account = await dashboard.GET('/v1/account');
    expect(account.data!.data).toMatchObject({ id: merchant.id, livemode: false, support_refund_limit: 50_000 });
    const [hash] = await sql<{ password_hash: string }>('select password_hash from users where email = ?', [OWNER]);
    expect(hash.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('the cookie is Secure when the dashboard is not on localhost', async () => {
    const body = JSON.stringify({ email: OWNER, password: OWNER_PASSWORD });
    const setCookie = await new Promise<string[] | undefined>((resolve, reject) => {
      const req = request(
        `${app.baseUrl}/v1/dashboard/sign_in`,
        { method: 'POST', headers: { 'content-type': 'application/json', host: 'pay.example.co.il' } },
        (res) => {
          res.resume();
          resolve(res.headers['set-cookie']);
        },
      );
      req.on('error', reject);
      req.end(body);
    });
    expect(setCookie?.[0]).toMatch(/; HttpOnly; SameSite=Strict; Secure$/);
  });

  it('a wrong password and an unknown email get the same answer; five failures lock the email out, known or not', async () => {
    const email = 'locked@studio.example.co.il';
    await member(app, merchant.id, email, 'viewer');
    for (const who of [email, 'nobody@example.com']) {
      for (let i = 0; i < 5; i++) {
        const res = await signIn(app, who, 'not the password at all');
        expect(res.response.status).toBe(401);
        expect(res.error!.error).toMatchObject({ code: 'sign_in_failed', message: 'Incorrect email or password' });
      }
      const locked = await signIn(app, who, who === email ? 'viewer password of locked@studio.example.co.il' : 'whatever it is');
      expect(locked.response.status).toBe(429);
      expect(locked.error!.error.code).toBe('sign_in_locked');
      expect(Number(locked.response.headers.get('retry-after'))).toBeGreaterThan(800);
    }
  });

  it('a hundred guesses at once get five passwords checked, the rest locked out, and never a 500', async () => {
    const email = 'guessed@studio.example.co.il';
    await member(app, merchant.id, email, 'viewer');
    const statuses = async (passwords: string[]) =>
      (await Promise.all(passwords.map((password) => signIn(app, email, password)))).map((res) => res.response.status);
    const counts = (all: number[]) =>
      Object.fromEntries([...new Set(all)].map((status) => [status, all.filter((s) => s === status).length]));

    expect(counts(await statuses(Array.from({ length: 100 }, (_, i) => `wrong guess number ${i}`)))).toEqual({ 401: 5, 429: 95 });
    const failures = await sql<{ n: number }>(`select count(*)::int as n from audit_log where user_email = ? and action = 'signInFailed'`, [
      email,
    ]);
    expect(failures[0].n).toBe(5);

    // The right password hidden among a hundred guesses at once, on an email that is not locked yet: at
    // most five are checked before the lock (five more after a success, which clears the count).
    const other = 'hidden@studio.example.co.il';
    await member(app, merchant.id, other, 'viewer');
    const guesses = Array.from({ length: 100 }, (_, i) => (i === 99 ? `viewer password of ${other}` : `wrong guess number ${i}`));
    const answers = (await Promise.all(guesses.map((password) => signIn(app, other, password)))).map((res) => res.response.status);
    const seen = counts(answers);
    expect(
      Object.keys(seen).every((status) => ['200', '401', '429'].includes(status)),
      JSON.stringify(seen),
    ).toBe(true);
    expect(seen[401] ?? 0).toBeLessThanOrEqual(5 * (1 + (seen[200] ?? 0)));
    expect(seen[429]).toBeGreaterThanOrEqual(90);
  });

  it('two-factor: begun, confirmed with a code, then asked for at sign-in; a code is taken once', async () => {
    const email = 'dana@studio.example.co.il';
    const login = await member(app, merchant.id, email, 'admin');
    const dashboard = dashboardClient(app, login);
    const begin = await dashboard.POST('/v1/dashboard/two_factor');
    expect(begin.response.status, JSON.stringify(begin.error)).toBe(200);
    const begun = begin.data!.data;
    secrets.add(begun.secret);
    expect(begun.otpauth_url).toBe(
      `otpauth://totp/Kupa%3A${encodeURIComponent(email)}?secret=${begun.secret}&issuer=Kupa&algorithm=SHA1&digits=6&period=30`,
    );
    const wrong = await dashboard.POST('/v1/dashboard/two_factor/confirm', { body: { code: '000000' } });
    expect(wrong.error?.error).toMatchObject({ code: 'two_factor_code_invalid', param: 'code' });
    const confirmed = await dashboard.POST('/v1/dashboard/two_factor/confirm', { body: { code: totpCode(begun.secret, new Date()) } });
    expect(confirmed.data!.data.two_factor_enabled).toBe(true);
    // The secret is stored sealed, never as given.
    const rows = await sql<{ totp_secret: string }>('select totp_secret from users where email = ?', [email]);
    expect(rows[0].totp_secret).not.toContain(begun.secret);

    const password = 'admin password of dana@studio.example.co.il';
    const needsCode = await signIn(app, email, password);
    expect(needsCode.response.status).toBe(401);
    expect(needsCode.error!.error.code).toBe('two_factor_code_required');
    // The confirming code's step is spent: the next step's code signs in, once.
    const next = totpCode(begun.secret, new Date(Date.now() + 30_000));
    expect((await signIn(app, email, password, next)).response.status).toBe(200);
    const replay = await signIn(app, email, password, next);
    expect(replay.error?.error).toMatchObject({ code: 'two_factor_code_invalid', param: 'totp_code' });
  });

  it('sign out ends one session; sign out everywhere ends them all', async () => {
    const email = 'eli@studio.example.co.il';
    const first = await member(app, merchant.id, email, 'viewer');
    const password = 'viewer password of eli@studio.example.co.il';
    const second = await signedIn(app, email, password);
    const third = await signedIn(app, email, password);
    const out = await dashboardClient(app, first).POST('/v1/dashboard/sign_out');
    expect(out.response.headers.get('set-cookie')).toMatch(/^kupa_session=; Max-Age=0; Path=\/; HttpOnly; SameSite=Strict$/);
    expect((await dashboardClient(app, first).GET('/v1/dashboard/session')).error?.error.code).toBe('session_invalid');
    expect((await dashboardClient(app, second).GET('/v1/dashboard/session')).response.status).toBe(200);
    expect((await dashboardClient(app, second).POST('/v1/dashboard/sign_out_everywhere')).response.status).toBe(200);
    for (const login of [second, third]) {
      const res = await dashboardClient(app, login).GET('/v1/customers');
      expect(res.response.status).toBe(401);
      expect(res.error!.error.code).toBe('session_invalid');
    }
  });
});

describe('the session on the API', () => {
  it('a write without the CSRF token, or from another origin, is refused and changes nothing', async () => {
    const before = (await api.GET('/v1/customers')).data!.data.length;
    const noToken = await dashboardClient(app, { ...ownerLogin, csrf: null }).POST('/v1/customers', { body: { name: 'Forged' } });
    expect(noToken.response.status).toBe(403);
    expect(noToken.error!.error.code).toBe('csrf_token_invalid');
    const otherSite = await dashboardClient(app, ownerLogin, { origin: 'https://evil.example.com' }).POST('/v1/customers', {
      body: { name: 'Forged' },
    });
    expect(otherSite.error!.error.code).toBe('csrf_token_invalid');
    expect((await api.GET('/v1/customers')).data!.data.length).toBe(before);
    const own = await dashboardClient(app, ownerLogin, { origin: app.baseUrl }).POST('/v1/customers', { body: { name: 'Real' } });
    expect(own.response.status).toBe(200);
  });

  it('a viewer reads everything and writes nothing; the audit log is for owners and admins', async () => {
    const viewer = dashboardClient(app, await member(app, merchant.id, 'vera@studio.example.co.il', 'viewer'));
    expect((await viewer.GET('/v1/charges')).response.status).toBe(200);
    for (const res of [
      await viewer.POST('/v1/customers', { body: { name: 'Nope' } }),
      await viewer.POST('/v1/products', { body: { name: 'Nope' } }),
      await viewer.POST('/v1/users', { body: { email: 'x@example.com', role: 'viewer' } }),
      await viewer.GET('/v1/audit_log'),
    ]) {
      expect(res.response.status).toBe(403);
      expect(res.error!.error.code).toBe('permission_denied');
    }
  });

  it('a support user refunds up to the account limit, and no more', async () => {
    const support = dashboardClient(app, await member(app, merchant.id, 'sam@studio.example.co.il', 'support'));
    const charge = await paidCharge(80_000);
    const tooMuch = await support.POST('/v1/charges/{id}/refunds', { params: { path: { id: charge } }, body: {} });
    expect(tooMuch.response.status).toBe(403);
    expect(tooMuch.error!.error).toMatchObject({ code: 'refund_limit_exceeded', param: 'amount' });
    expect((await api.GET('/v1/charges/{id}', { params: { path: { id: charge } } })).data!.data.amount_refunded).toBe(0);
    const within = await support.POST('/v1/charges/{id}/refunds', { params: { path: { id: charge } }, body: { amount: 50_000 } });
    expect(within.data!.data).toMatchObject({ amount: 50_000, status: 'succeeded' });
    // The owner raises the limit; support may then refund the rest.
    expect((await dashboardClient(app, ownerLogin).POST('/v1/account', { body: { support_refund_limit: 100_000 } })).response.status).toBe(
      200,
    );
    const rest = await support.POST('/v1/charges/{id}/refunds', { params: { path: { id: charge } }, body: {} });
    expect(rest.data!.data.amount).toBe(30_000);
    // Support may not write the catalog.
    expect((await support.POST('/v1/products', { body: { name: 'Nope' } })).error!.error.code).toBe('permission_denied');
  });

  it('an owner works in live mode only with two-factor on', async () => {
    const live = dashboardClient(app, ownerLogin, { mode: 'live' });
    const res = await live.GET('/v1/customers');
    expect(res.response.status).toBe(403);
    expect(res.error!.error.code).toBe('two_factor_required');
    // An admin without two-factor may (the requirement is the owner's).
    const admin = dashboardClient(app, await member(app, merchant.id, 'adam@studio.example.co.il', 'admin'), { mode: 'live' });
    const account = await admin.GET('/v1/account');
    expect(account.data!.data.livemode).toBe(true);
  });

  it("another account's user sees the same 404 as for an id that does not exist", async () => {
    const charge = await paidCharge(1_000);
    const other = await app.createAccount('Other shop');
    const stranger = dashboardClient(app, await member(app, other.id, 'stranger@other.example.com', 'owner'));
    const theirs = await stranger.GET('/v1/charges/{id}', { params: { path: { id: charge } } });
    const none = await stranger.GET('/v1/charges/{id}', { params: { path: { id: 'ch_doesnotexist000000000000' } } });
    expect(theirs.response.status).toBe(404);
    expect(theirs.error!.error.message.replace(charge, 'ID')).toBe(none.error!.error.message.replace('ch_doesnotexist000000000000', 'ID'));
    const refund = await stranger.POST('/v1/charges/{id}/refunds', { params: { path: { id: charge } }, body: {} });
    expect(refund.response.status).toBe(404);
  });
});

describe('API keys from the dashboard', () => {
  it('a developer creates, rolls and revokes keys: each secret shown once, a rolled or revoked key refused at once', async () => {
    const developer = dashboardClient(app, await member(app, merchant.id, 'dev@studio.example.co.il', 'developer'));
    const created = (await developer.POST('/v1/api_keys', { body: { scope: 'full' } })).data!.data;
    expect(created).toMatchObject({ object: 'api_key', scope: 'full', livemode: false, revoked_at: null });
    expect(created.secret).toMatch(/^sk_test_\w{32}$/);
    expect(created.last4).toBe(created.secret.slice(-4));
    secrets.add(created.secret);
    expect((await app.client(created.secret).GET('/v1/account')).response.status).toBe(200);

    const listed = (await developer.GET('/v1/api_keys')).data!.data.find((key) => key.id === created.id)!;
    expect(listed).not.toHaveProperty('secret');

    const rolled = (await developer.POST('/v1/api_keys/{id}/roll', { params: { path: { id: created.id } } })).data!.data;
    secrets.add(rolled.secret);
    expect(rolled.secret).toMatch(/^sk_test_/);
    const old = await app.client(created.secret).GET('/v1/account');
    expect(old.response.status).toBe(401);
    expect(old.error!.error.code).toBe('api_key_invalid');
    expect((await app.client(rolled.secret).GET('/v1/account')).response.status).toBe(200);
    const again = await developer.POST('/v1/api_keys/{id}/roll', { params: { path: { id: created.id } } });
    expect(again.error!.error.code).toBe('api_key_revoked');

    const revoked = (await developer.POST('/v1/api_keys/{id}/revoke', { params: { path: { id: rolled.id } } })).data!.data;
    expect(revoked.revoked_at).not.toBeNull();
    expect((await app.client(rolled.secret).GET('/v1/account')).response.status).toBe(401);

    // A viewer sees the keys, by their last four characters, and makes none.
    const viewer = dashboardClient(app, await member(app, merchant.id, 'vic@studio.example.co.il', 'viewer'));
    expect((await viewer.POST('/v1/api_keys', { body: { scope: 'checkout' } })).error!.error.code).toBe('permission_denied');
    expect((await viewer.GET('/v1/api_keys')).data!.data.map((key) => key.id)).toContain(created.id);
  });
});

describe('the request log', () => {
  it('lists the last days of requests, from keys and dashboard users, without queries; developers read it, viewers do not', async () => {
    const developer = dashboardClient(app, await member(app, merchant.id, 'rina@studio.example.co.il', 'developer'));
    const customer = (await api.POST('/v1/customers', { body: { name: 'Logged', email: 'logged@example.co.il' } })).data!.data.id;
    await developer.GET('/v1/customers', { params: { query: { email: 'logged@example.co.il' } } });
    await api.GET('/v1/customers/{id}', { params: { path: { id: 'cus_unknown' } } });
    const log = await waitFor('the request log', async () => {
      const rows = (await developer.GET('/v1/request_log', { params: { query: { limit: 100 } } })).data!.data;
      return rows.some((row) => row.status === 404) && rows;
    });
    const created = log.find((row) => row.method === 'POST' && row.path === '/v1/customers')!;
    expect(created).toMatchObject({ object: 'api_request', status: 200, source: 'key', user: null, livemode: false });
    expect(created.id).toMatch(/^req_/);
    expect(log.find((row) => row.status === 404)).toMatchObject({ method: 'GET', path: '/v1/customers/cus_unknown', source: 'key' });
    const fromDashboard = log.find((row) => row.source === 'dashboard' && row.path === '/v1/customers')!;
    expect(fromDashboard.user).toMatch(/^user_/);
    expect(JSON.stringify(log)).not.toContain('logged@example.co.il');
    expect(customer).toMatch(/^cus_/);
    // Live mode has its own log; a viewer may not read it.
    expect((await app.client(merchant.liveKey).GET('/v1/request_log')).data!.data.some((row) => row.id === created.id)).toBe(false);
    const viewer = dashboardClient(app, await member(app, merchant.id, 'vika@studio.example.co.il', 'viewer'));
    expect((await viewer.GET('/v1/request_log')).error!.error.code).toBe('permission_denied');
    // Housekeeping forgets what is more than seven days old.
    await app.services.orm.em
      .fork()
      .getConnection()
      .execute(`update api_requests set created_at = now() - interval '8 days' where id = ?`, [created.id]);
    await app.services.inContext(() => app.services.container.get(RequestLog).purge());
    expect(
      (await developer.GET('/v1/request_log', { params: { query: { limit: 100 } } })).data!.data.some((row) => row.id === created.id),
    ).toBe(false);
  });
});

describe('the team and the audit log', () => {
  it('roles change, the last owner stays, and a removed user is signed out but stays in the log', async () => {
    const owner = dashboardClient(app, ownerLogin);
    const users = (await owner.GET('/v1/users', { params: { query: { limit: 100 } } })).data!.data;
    const me = users.find((u) => u.email === OWNER)!;
    // Owners are changed by an owner with two-factor on.
    const unsure = await owner.POST('/v1/users/{id}', { params: { path: { id: me.id } }, body: { role: 'admin' } });
    expect(unsure.error!.error.code).toBe('two_factor_required');
    secrets.add(await withTwoFactor(app, ownerLogin));
    const demote = await owner.POST('/v1/users/{id}', { params: { path: { id: me.id } }, body: { role: 'admin' } });
    expect(demote.response.status).toBe(409);
    expect(demote.error!.error.code).toBe('last_owner');

    const email = 'rita@studio.example.co.il';
    const rita = await member(app, merchant.id, email, 'support');
    const ritaClient = dashboardClient(app, rita);
    expect((await ritaClient.POST('/v1/customers', { body: { name: 'By Rita' } })).response.status).toBe(200);
    // An admin cannot make an owner; an owner can change roles.
    const admin = dashboardClient(app, await member(app, merchant.id, 'avi@studio.example.co.il', 'admin'));
    const promote = await admin.POST('/v1/users/{id}', { params: { path: { id: rita.userId } }, body: { role: 'owner' } });
    expect(promote.error!.error.code).toBe('permission_denied');
    expect(
      (await owner.POST('/v1/users/{id}', { params: { path: { id: rita.userId } }, body: { role: 'developer' } })).data!.data.role,
    ).toBe('developer');
    const removed = await owner.DELETE('/v1/users/{id}', { params: { path: { id: rita.userId } } });
    expect(removed.data!.data.status).toBe('removed');
    expect((await ritaClient.GET('/v1/customers')).error!.error.code).toBe('session_invalid');
    expect((await signIn(app, email, 'support password of rita@studio.example.co.il')).error!.error.code).toBe('sign_in_failed');

    const log = (await owner.GET('/v1/audit_log', { params: { query: { user: rita.userId } } })).data!.data;
    expect(log.map((e) => e.action)).toEqual(['createCustomer', 'acceptInvitation']);
    expect(log[0]).toMatchObject({ user_email: email, status: 200, livemode: false, address: '127.0.0.1' });
    expect(log[0].target).toMatch(/^cus_/);
    const mine = (await api.GET('/v1/audit_log', { params: { query: { user: me.id, limit: 100 } } })).data!.data.map((e) => e.action);
    expect(mine).toEqual(expect.arrayContaining(['removeUser', 'updateUser', 'signIn', 'acceptInvitation']));
  });

  it('an invitation to an existing user is refused; a removed user can be invited again', async () => {
    const owner = dashboardClient(app, ownerLogin);
    const taken = await owner.POST('/v1/users', { body: { email: OWNER, role: 'viewer' } });
    expect(taken.response.status).toBe(409);
    expect(taken.error!.error.code).toBe('user_exists');
    const first = await invitationLink(app, 'rita@studio.example.co.il');
    const again = await owner.POST('/v1/users', { body: { email: 'rita@studio.example.co.il', role: 'viewer' } });
    expect(again.data!.data).toMatchObject({ status: 'invited', role: 'viewer' });
    const back = await accept(app, await invitationLink(app, 'rita@studio.example.co.il', first), 'a brand new long password');
    expect((await dashboardClient(app, back).GET('/v1/dashboard/session')).data!.data.user.role).toBe('viewer');
  });

  it('a password shorter than 12 characters is refused', async () => {
    await dashboardClient(app, ownerLogin).POST('/v1/users', { body: { email: 'short@studio.example.co.il', role: 'viewer' } });
    const link = await invitationLink(app, 'short@studio.example.co.il');
    const res = await app
      .client()
      .POST('/v1/dashboard/invitations/accept', { body: { token: new URL(link).hash.slice(1), password: 'short' } });
    expect(res.error!.error).toMatchObject({ code: 'password_too_weak', param: 'password' });
  });

  it('keys have no user: session-only operations refuse them', async () => {
    const res = await api.GET('/v1/dashboard/session');
    expect(res.response.status).toBe(403);
    expect(res.error!.error.code).toBe('permission_denied');
  });

  it('passwords, session tokens, CSRF tokens and TOTP secrets are in no table and no log line (invitation links only in their email)', async () => {
    secrets.add(ownerLogin.cookie).add(ownerLogin.csrf);
    const found: string[] = [];
    for (const { table, row } of await everyRow(app)) {
      for (const secret of secrets) {
        const inItsEmail = secret.startsWith('inv_') && (table === 'public.email_outbox' || table.startsWith('pgboss.'));
        if (row.includes(secret) && !inItsEmail) found.push(`${table}: ${secret.slice(0, 8)}…`);
      }
    }
    for (const line of logs) for (const secret of secrets) if (line.includes(secret)) found.push(`log: ${secret.slice(0, 8)}…`);
    expect(found).toEqual([]);
    expect(logs.length).toBeGreaterThan(100);
  });
});
