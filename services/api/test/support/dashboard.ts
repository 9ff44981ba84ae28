import { createKupaClient, type KupaClient } from '@kupa/sdk';
import { expect } from 'vitest';
import { contractCheck } from './contract';
import type { TestApp } from './harness';
import { waitFor } from './receiver';
import { ManageTeam } from '../../src/modules/team';
import { totpCode } from '../../src/modules/team/domain/totp';
import { OPERATOR } from '../../src/shared/domain/actor';

/** A browser's hold on the dashboard: its session cookie and CSRF token. */
export interface DashboardLogin {
  cookie: string;
  csrf: string;
  userId: string;
}

/** The `kupa_session` value a sign-in answer set. */
export function sessionCookieOf(response: Response): string {
  const header = response.headers.get('set-cookie') ?? '';
  const match = header.match(/kupa_session=([^;]*)/);
  expect(match, header).not.toBeNull();
  return match![1];
}

/**
 * The SDK as the dashboard uses the API: with the session cookie instead of a key, the CSRF token on
 * writes (unless `csrf: null`), and `Kupa-Mode`; every answer is checked against the contract.
 */
export function dashboardClient(
  app: TestApp,
  login: { cookie: string; csrf: string | null },
  options: { mode?: 'test' | 'live'; origin?: string } = {},
): KupaClient {
  return createKupaClient({
    baseUrl: app.baseUrl,
    maxRetries: 0,
    middleware: [
      {
        onRequest({ request }) {
          request.headers.set('cookie', `kupa_session=${login.cookie}`);
          if (login.csrf !== null) request.headers.set('x-csrf-token', login.csrf);
          if (options.mode) request.headers.set('kupa-mode', options.mode);
          if (options.origin) request.headers.set('origin', options.origin);
          return request;
        },
      },
      contractCheck,
    ],
  });
}

/** Signs in with the public endpoint, as the sign-in page does. */
export async function signIn(app: TestApp, email: string, password: string, totpCode?: string) {
  const res = await app.client().POST('/v1/dashboard/sign_in', { body: { email, password, ...(totpCode ? { totp_code: totpCode } : {}) } });
  return res;
}

export async function signedIn(app: TestApp, email: string, password: string, totpCode?: string): Promise<DashboardLogin> {
  const res = await signIn(app, email, password, totpCode);
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return { cookie: sessionCookieOf(res.response), csrf: res.data!.data.csrf_token, userId: res.data!.data.user.id };
}

/** The invitation link of the last invitation email to `email` (the worker sends it), once it is not `previous`. */
export async function invitationLink(app: TestApp, email: string, previous?: string): Promise<string> {
  const link = await waitFor(`the invitation email to ${email}`, async () => {
    const rows = (await app.services.orm.em
      .fork()
      .getConnection()
      .execute(`select text_body from email_outbox where kind = 'invitation' and recipient = ? order by created_at desc limit 1`, [
        email,
      ])) as {
      text_body: string;
    }[];
    const found = rows[0]?.text_body.match(/https?:\/\/\S+#\S+/)?.[0];
    return found !== previous && found;
  });
  return link;
}

/** Accepts the invitation at `link` with a password; the new user's login. */
export async function accept(app: TestApp, link: string, password: string, name = 'Team member'): Promise<DashboardLogin> {
  const token = new URL(link).hash.slice(1);
  const res = await app.client().POST('/v1/dashboard/invitations/accept', { body: { token, password, name } });
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  return { cookie: sessionCookieOf(res.response), csrf: res.data!.data.csrf_token, userId: res.data!.data.user.id };
}

/** Invites `email` as the operator does (`pnpm cli users invite`), by email, and accepts the invitation: the new user's login. */
export async function member(app: TestApp, accountId: string, email: string, role: 'owner' | 'admin' | 'developer' | 'support' | 'viewer') {
  await app.services.inContext(() => app.services.container.get(ManageTeam).invite(accountId, { email, role }, OPERATOR));
  return accept(app, await invitationLink(app, email), `${role} password of ${email}`);
}

/** Turns on two-factor sign-in for the signed-in user, as the security page does: the secret their app holds. */
export async function withTwoFactor(app: TestApp, login: DashboardLogin): Promise<string> {
  const dashboard = dashboardClient(app, login);
  const secret = (await dashboard.POST('/v1/dashboard/two_factor')).data!.data.secret;
  const confirmed = await dashboard.POST('/v1/dashboard/two_factor/confirm', { body: { code: totpCode(secret, new Date()) } });
  expect(confirmed.response.status, JSON.stringify(confirmed.error)).toBe(200);
  return secret;
}

export type { KupaClient };

/** A user of the account, invited without an email and signed in: for tests that are not about invitations. */
export async function teamMember(
  app: TestApp,
  accountId: string,
  email: string,
  role: 'owner' | 'admin' | 'developer' | 'support' | 'viewer',
): Promise<DashboardLogin> {
  const { link } = await app.services.inContext(() =>
    app.services.container.get(ManageTeam).invite(accountId, { email, role }, OPERATOR, { send: false }),
  );
  return accept(app, link, `${role} password of ${email}`);
}
