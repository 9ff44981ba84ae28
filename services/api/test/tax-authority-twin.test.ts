import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTaxAuthorityTwin, type TaxAuthorityTwin } from '../twins/tax-authority/twin';

// The Israel Invoices twin is strict where the Tax Authority's documented API is: the app's own client and
// redirect URI, codes used once, short-lived access tokens, and the approval's validation codes.
const app = { clientId: 'kupa_client', clientSecret: 'kupa_secret', redirectUri: 'https://kupa.example/v1/tax_authority/callback' };
let twin: TaxAuthorityTwin;

beforeAll(async () => {
  twin = await startTaxAuthorityTwin({ apps: [app], vatNumber: '516179157', accessTokenSeconds: 600 });
});
afterAll(() => twin.close());

async function authorize(query: Record<string, string>) {
  return fetch(`${twin.authUrl}/longtimetoken/oauth2/authorize?${new URLSearchParams(query)}`, { redirect: 'manual' });
}
const token = (form: Record<string, string>) =>
  fetch(`${twin.authUrl}/longtimetoken/oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });

async function connect() {
  const res = await authorize({
    response_type: 'code',
    client_id: app.clientId,
    redirect_uri: app.redirectUri,
    scope: 'scope',
    state: 's1',
  });
  const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
  return (await (
    await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: app.redirectUri,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    })
  ).json()) as { access_token: string; refresh_token: string; expires_in: number };
}

const invoice = {
  Invoice_ID: 'doc_1',
  Invoice_Type: 320,
  Vat_Number: 516179157,
  Union_Vat_Number: 0,
  Invoice_Reference_Number: '1001',
  Customer_VAT_Number: 513456780,
  Customer_Name: 'Buyer Ltd',
  Invoice_Date: new Date().toISOString().slice(0, 10),
  Invoice_Issuance_Date: new Date().toISOString().slice(0, 10),
  Accounting_Software_Number: 123456,
  Payment_Amount: 10_000,
  VAT_Amount: 1_800,
  Payment_Amount_Including_VAT: 11_800,
};
const approve = (accessToken: string, body: object) =>
  fetch(`${twin.apiUrl}/Invoices/v1/Approval`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the Israel Invoices twin', () => {
  it('refuses an unknown client and a redirect URI other than the app’s, and sends the code back with the state', async () => {
    expect((await authorize({ response_type: 'code', client_id: 'nope', redirect_uri: app.redirectUri })).status).toBe(401);
    expect((await authorize({ response_type: 'code', client_id: app.clientId, redirect_uri: 'https://evil.example/cb' })).status).toBe(401);
    expect(
      ((await (await authorize({ response_type: 'code', client_id: app.clientId })).json()) as { error_description: string })
        .error_description,
    ).toBe('Redirect URI missing');
    const granted = await authorize({ response_type: 'code', client_id: app.clientId, redirect_uri: app.redirectUri, state: 'abc' });
    expect(granted.status).toBe(302);
    expect(new URL(granted.headers.get('location')!).searchParams.get('state')).toBe('abc');
  });

  it('uses a code once, refreshes while the refresh token lives, and refuses a revoked one', async () => {
    const res = await authorize({ response_type: 'code', client_id: app.clientId, redirect_uri: app.redirectUri });
    const code = new URL(res.headers.get('location')!).searchParams.get('code')!;
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: app.redirectUri,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    };
    expect((await token(form)).status).toBe(200);
    expect((await token(form)).status).toBe(400);
    expect((await token({ ...form, client_secret: 'wrong' })).status).toBe(401);

    const tokens = await connect();
    expect(tokens.expires_in).toBe(600);
    const refreshed = await token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(refreshed.status).toBe(200);
    await fetch(`${twin.url}/twin/revoke`, { method: 'POST' });
    const revoked = await token({
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: app.clientId,
      client_secret: app.clientSecret,
    });
    expect(revoked.status).toBe(400);
    expect((await approve(tokens.access_token, invoice)).status).toBe(401);
  });

  it('approves a valid invoice with a confirmation number, and answers each wrong field with its code', async () => {
    const { access_token: accessToken } = await connect();
    const approved = (await (await approve(accessToken, invoice)).json()) as { Status: number; Confirmation_Number: string };
    expect(approved.Status).toBe(200);
    expect(approved.Confirmation_Number).toMatch(/^\d{20,}$/);
    expect(twin.approvals.at(-1)).toMatchObject({ invoiceId: 'doc_1', confirmationNumber: approved.Confirmation_Number });

    const refused = (await (await approve(accessToken, { ...invoice, Customer_VAT_Number: 123456789 })).json()) as {
      Confirmation_Number: number;
      Message: { errors: { code: number; param: string }[] }[];
    };
    expect(refused.Confirmation_Number).toBe(0);
    expect(refused.Message[0].errors[0]).toMatchObject({ code: 432, param: 'Customer_VAT_Number' });
    expect((await approve('not-a-token', invoice)).status).toBe(401);

    await fetch(`${twin.url}/twin/faults`, { method: 'POST', body: JSON.stringify({ mode: 'outage' }) });
    expect((await approve(accessToken, invoice)).status).toBe(503);
    expect((await approve(accessToken, invoice)).status).toBe(200);
  });
});
