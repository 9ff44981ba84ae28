import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { CARDS, shopper, URLS } from './support/checkout';
import { dashboardClient, type DashboardLogin, member, withTwoFactor } from './support/dashboard';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';
import { waitFor } from './support/receiver';

// Keys never lift anyone above their role (the service README's "Security"): no key makes, changes or removes an
// owner; a test-mode key never reaches the account's people; a key a user makes carries at most their
// role, names them, and goes when they leave. Every write made with a key, and every write refused to a
// key or a dashboard user, is in the audit log.
let app: TestApp;
let merchant: TestAccount;
let owner: DashboardLogin;
let ownerId: string;

beforeAll(async () => {
  app = await startTestApp(undefined, {
    worker: true,
    env: { JOB_POLL_INTERVAL_MS: '20' },
    dns: new Map([['hooks.keys.example.co.il', ['93.184.216.34']]]),
  });
  merchant = await app.createAccount('Studio Keys');
  owner = await member(app, merchant.id, 'owner@keys.example.co.il', 'owner');
  ownerId = owner.userId;
  await withTwoFactor(app, owner);
});
afterAll(() => app.close());

type Entry = { action: string; api_key: string | null; user: string | null; status: number; error_code: string | null };
/** The audit log's entries for `keyOrUser` (a key id, or a user id), newest first, once `count` are written. */
async function auditOf(filter: { key?: string; user?: string }, count: number): Promise<Entry[]> {
  const owners = dashboardClient(app, owner);
  return waitFor(`${count} audit entries`, async () => {
    const all = (await owners.GET('/v1/audit_log', { params: { query: { limit: 100 } } })).data!.data as Entry[];
    const found = all.filter((e) => (filter.key ? e.api_key === filter.key : e.user === filter.user && e.api_key === null));
    return found.length >= count && found;
  });
}

const people = (client: KupaClient, { userId, ownerOf }: { userId: string; ownerOf: string }) => [
  () => client.GET('/v1/users'),
  () => client.POST('/v1/users', { body: { email: 'newowner@keys.example.co.il', role: 'owner' } }),
  () => client.POST('/v1/users', { body: { email: 'newviewer@keys.example.co.il', role: 'viewer' } }),
  () => client.POST('/v1/users/{id}', { params: { path: { id: userId } }, body: { role: 'owner' } }),
  () => client.POST('/v1/users/{id}', { params: { path: { id: ownerOf } }, body: { role: 'viewer' } }),
  () => client.DELETE('/v1/users/{id}', { params: { path: { id: ownerOf } } }),
];

describe('keys and the people of an account', () => {
  it('a test-mode key reaches no one: every people operation is refused, and each refused write is audited with the key', async () => {
    const viewer = await member(app, merchant.id, 'vera@keys.example.co.il', 'viewer');
    const testKey = app.client(merchant.testKey);
    for (const call of people(testKey, { userId: viewer.userId, ownerOf: ownerId })) {
      const res = await call();
      expect(res.response.status).toBe(403);
      expect(res.error!.error.code).toBe('permission_denied');
    }
    const keyId = (await testKey.GET('/v1/api_keys')).data!.data.find((k) => k.role === null)!.id;
    const entries = await auditOf({ key: keyId }, 5);
    expect(entries.map((e) => [e.action, e.status, e.error_code, e.user])).toEqual([
      ['removeUser', 403, 'permission_denied', null],
      ['updateUser', 403, 'permission_denied', null],
      ['updateUser', 403, 'permission_denied', null],
      ['inviteUser', 403, 'permission_denied', null],
      ['inviteUser', 403, 'permission_denied', null],
    ]);
    const users = (await dashboardClient(app, owner).GET('/v1/users', { params: { query: { limit: 100 } } })).data!.data;
    expect(users.map((u) => u.email)).not.toContain('newowner@keys.example.co.il');
  });

  it("the account's live key invites and removes people, but never makes, changes or removes an owner", async () => {
    const liveKey = app.client(merchant.liveKey);
    const viewer = await member(app, merchant.id, 'vik@keys.example.co.il', 'viewer');
    const [list, inviteOwner, inviteViewer, promote, demote, remove] = await Promise.all(
      people(liveKey, { userId: viewer.userId, ownerOf: ownerId }).map((call) => call()),
    );
    expect(list.response.status).toBe(200);
    expect(inviteViewer.data!.data).toMatchObject({ role: 'viewer', status: 'invited' });
    for (const refused of [inviteOwner, promote, demote, remove]) expect(refused.error!.error.code).toBe('permission_denied');
    const users = (await dashboardClient(app, owner).GET('/v1/users', { params: { query: { limit: 100 } } })).data!.data;
    expect(users.find((u) => u.id === ownerId)).toMatchObject({ role: 'owner', status: 'active' });
    expect(users.find((u) => u.id === viewer.userId)).toMatchObject({ role: 'viewer' });
  });

  it('an owner with two-factor on makes an owner in the dashboard; without it, or as an admin, no one does', async () => {
    const admin = await member(app, merchant.id, 'ada@keys.example.co.il', 'admin');
    const target = await member(app, merchant.id, 'tal@keys.example.co.il', 'viewer');
    const promote = (login: DashboardLogin) =>
      dashboardClient(app, login).POST('/v1/users/{id}', { params: { path: { id: target.userId } }, body: { role: 'owner' } });
    expect((await promote(admin)).error!.error.code).toBe('permission_denied');
    const unsure = await member(app, merchant.id, 'omer@keys.example.co.il', 'owner');
    expect((await promote(unsure)).error!.error.code).toBe('two_factor_required');
    expect((await promote(owner)).data!.data.role).toBe('owner');
  });
});

describe("a user's key", () => {
  it('carries their role and names them: a developer cannot use one to become owner, demote the owner, or refund', async () => {
    const developer = await member(app, merchant.id, 'dev@keys.example.co.il', 'developer');
    const dashboard = dashboardClient(app, developer, { mode: 'live' });
    const made = (await dashboard.POST('/v1/api_keys', { body: { scope: 'full' } })).data!.data;
    expect(made).toMatchObject({ role: 'developer', made_by: { user: developer.userId, email: 'dev@keys.example.co.il' }, livemode: true });
    expect((await dashboard.POST('/v1/api_keys', { body: { scope: 'full', role: 'admin' } })).error!.error).toMatchObject({
      code: 'permission_denied',
      param: 'role',
    });
    // Rolling the account's own key would hand the developer an admin's secret.
    const accountKey = (await dashboard.GET('/v1/api_keys')).data!.data.find((k) => k.role === null)!;
    expect((await dashboard.POST('/v1/api_keys/{id}/roll', { params: { path: { id: accountKey.id } } })).error!.error.code).toBe(
      'permission_denied',
    );

    const key = app.client(made.secret!);
    for (const call of people(key, { userId: developer.userId, ownerOf: ownerId }).slice(1))
      expect((await call()).error!.error.code).toBe('permission_denied');
    expect((await key.POST('/v1/account', { body: { support_refund_limit: 1 } })).error!.error.code).toBe('permission_denied');
    const webhook = await key.POST('/v1/webhooks', { body: { url: 'https://hooks.keys.example.co.il/kupa', events: ['*'] } });
    expect(webhook.response.status, JSON.stringify(webhook.error)).toBe(200);
    const viewerKey = (await key.POST('/v1/api_keys', { body: { scope: 'full', role: 'viewer' } })).data!.data;
    expect(viewerKey).toMatchObject({ role: 'viewer', made_by: { user: developer.userId } });

    const entries = await auditOf({ key: made.id }, 8);
    expect(entries.every((e) => e.user === developer.userId)).toBe(true);
    expect(entries.filter((e) => e.status === 200).map((e) => e.action)).toEqual(['createApiKey', 'createWebhookEndpoint']);
    expect(entries.filter((e) => e.status === 403).every((e) => e.error_code === 'permission_denied')).toBe(true);
  });

  it('goes when its maker leaves; a lowered role keeps only the keys it still holds', async () => {
    const dana = await member(app, merchant.id, 'dana@keys.example.co.il', 'developer');
    const dashboard = dashboardClient(app, dana);
    const full = (await dashboard.POST('/v1/api_keys', { body: { scope: 'full' } })).data!.data.secret!;
    const reading = (await dashboard.POST('/v1/api_keys', { body: { scope: 'full', role: 'viewer' } })).data!.data.secret!;
    const owners = dashboardClient(app, owner);
    await owners.POST('/v1/users/{id}', { params: { path: { id: dana.userId } }, body: { role: 'viewer' } });
    expect((await app.client(full).GET('/v1/customers')).error!.error.code).toBe('api_key_invalid');
    expect((await app.client(reading).GET('/v1/customers')).response.status).toBe(200);
    await owners.DELETE('/v1/users/{id}', { params: { path: { id: dana.userId } } });
    expect((await app.client(reading).GET('/v1/customers')).error!.error.code).toBe('api_key_invalid');
  });

  it("of the support role refunds up to the account's limit, as a support user does", async () => {
    const made = (await dashboardClient(app, owner).POST('/v1/api_keys', { body: { scope: 'full', role: 'support' } })).data!.data;
    expect(made).toMatchObject({ role: 'support', made_by: { user: ownerId } });
    const key = app.client(made.secret!);
    const api = app.client(merchant.testKey);
    const customer = (await api.POST('/v1/customers', { body: { name: 'Ron' } })).data!.data.id;
    const session = (
      await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, line_items: [{ name: 'Lamp', amount_agorot: 90_000 }] } })
    ).data!.data;
    await shopper(app).payWithCard(session.id, CARDS.ok);
    const charge = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.charge!;
    const tooMuch = await key.POST('/v1/charges/{id}/refunds', { params: { path: { id: charge } }, body: {} });
    expect(tooMuch.error!.error).toMatchObject({ code: 'refund_limit_exceeded', param: 'amount' });
    expect(
      (await key.POST('/v1/charges/{id}/refunds', { params: { path: { id: charge } }, body: { amount: 10_000 } })).response.status,
    ).toBe(200);
  });
});

describe('the audit log of refused writes', () => {
  it('records a write refused to a role, without its CSRF token, and without two-factor, with the code it was refused with', async () => {
    const viewer = await member(app, merchant.id, 'vi@keys.example.co.il', 'viewer');
    await dashboardClient(app, viewer).POST('/v1/customers', { body: { name: 'Not by a viewer' } });
    await dashboardClient(app, { ...viewer, csrf: null }).POST('/v1/dashboard/sign_out');
    const unsure = await member(app, merchant.id, 'oren@keys.example.co.il', 'owner');
    await dashboardClient(app, unsure, { mode: 'live' }).POST('/v1/customers', { body: { name: 'Not without two-factor' } });
    const refused = [...(await auditOf({ user: viewer.userId }, 3)), ...(await auditOf({ user: unsure.userId }, 2))]
      .filter((e) => e.status === 403)
      .map((e) => [e.action, e.error_code]);
    expect(refused).toEqual([
      ['signOut', 'csrf_token_invalid'],
      ['createCustomer', 'permission_denied'],
      ['createCustomer', 'two_factor_required'],
    ]);
  });
});
