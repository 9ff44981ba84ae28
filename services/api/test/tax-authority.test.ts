import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { IssueDocument } from '../src/modules/invoicing';
import { RequestAllocation } from '../src/modules/invoicing/application/request-allocation';
import { PERSISTENCE } from '../src/platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../src/platform/persistence/unit-of-work';
import { startTaxAuthorityTwin, type TaxAuthorityTwin } from '../twins/tax-authority/twin';
import { ReaskPendingAllocations } from '../src/modules/invoicing/application/reask-pending-allocations';
import { MovableClock, startTestApp, type TestAccount, type TestApp } from './support/harness';

// Live allocation numbers from the Tax Authority's Israel Invoices API (its twin here): the merchant
// connects once, Kupa keeps the tokens sealed and refreshes them, documents above the threshold are
// approved, refused with the authority's reason, or wait through an outage or a lost connection.
const CALLBACK = 'http://localhost:3000/v1/tax_authority/callback';
const VAT_NUMBER = '516179157';
let twin: TaxAuthorityTwin;
let app: TestApp;
let merchant: TestAccount;
let live: KupaClient;
const logs: string[] = [];
const clock = new MovableClock();

beforeAll(async () => {
  // Access tokens shorter than Kupa's refresh margin: every approval refreshes first.
  twin = await startTaxAuthorityTwin({
    apps: [{ clientId: 'kupa_app', clientSecret: 'kupa_app_secret', redirectUri: CALLBACK }],
    vatNumber: VAT_NUMBER,
    accessTokenSeconds: 30,
  });
  app = await startTestApp(undefined, {
    logs,
    clock,
    env: {
      TAX_AUTHORITY_AUTH_URL: twin.authUrl,
      TAX_AUTHORITY_API_URL: twin.apiUrl,
      TAX_AUTHORITY_CLIENT_ID: 'kupa_app',
      TAX_AUTHORITY_CLIENT_SECRET: 'kupa_app_secret',
      SOFTWARE_REGISTRATION_NUMBER: '98765432',
    },
  });
  merchant = await app.createAccount('Olive Grove');
  live = app.client(merchant.liveKey);
  const profile = {
    legal_name: 'Olive Grove Ltd',
    business_number: VAT_NUMBER,
    dealer_type: 'company' as const,
    address: { line1: 'Herzl 12', city: 'Haifa', postal_code: '3303101' },
    email: null,
    phone: null,
  };
  expect((await live.POST('/v1/account', { body: { business_profile: profile } })).response.status).toBe(200);
});
afterAll(async () => {
  await app.close();
  await twin.close();
});

/** Connects as the merchant does: the authorization page, consent, and back to Kupa's callback. */
async function connect(): Promise<Response> {
  const res = await live.POST('/v1/account/tax_authority/connect');
  expect(res.response.status, JSON.stringify(res.error)).toBe(200);
  const consent = await fetch(res.data!.data.authorization_url, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  return fetch(`${app.baseUrl}${back.pathname}${back.search}`);
}

const status = async () => (await live.GET('/v1/account')).data!.data.tax_authority.status;

/** A live tax invoice receipt above the threshold for `customerTaxId`, issued as a live payment issues one. */
async function liveDocument(customerTaxId: string): Promise<string> {
  const { container, inContext } = app.services;
  return inContext(() =>
    container.get<UnitOfWork>(PERSISTENCE.UnitOfWork).run(() =>
      container.get(IssueDocument).execute(
        { accountId: merchant.id, livemode: true },
        {
          kind: 'sale',
          customerId: 'cus_live',
          chargeId: null,
          refundId: null,
          currency: 'ils',
          lines: [{ description: 'Wholesale order', quantity: 1, unitAmount: 1_180_000, amount: 1_180_000 }],
          details: {
            issuer: {
              name: 'Olive Grove',
              profile: {
                legalName: 'Olive Grove Ltd',
                businessNumber: VAT_NUMBER,
                dealerType: 'company',
                address: { line1: 'Herzl 12', city: 'Haifa', postalCode: '3303101' },
                email: null,
                phone: null,
              },
            },
            recipient: { name: 'Galil Foods Ltd', taxId: customerTaxId, email: null, phone: null },
            payment: { cardLast4: '4242', installments: null },
          },
        },
      ),
    ),
  );
}
const requestAllocation = (documentId: string) =>
  app.services.inContext(() => app.services.container.get(RequestAllocation).execute(documentId));
const allocationOf = async (documentId: string) =>
  (await live.GET('/v1/documents/{id}', { params: { path: { id: documentId } } })).data!.data.allocation;

describe('connecting to the Tax Authority', () => {
  it('is done with a live key, through the authority’s consent, and shows on the account', async () => {
    const test = await app.client(merchant.testKey).POST('/v1/account/tax_authority/connect');
    expect(test.error!.error.code).toBe('livemode_required');
    expect(await status()).toBe('not_connected');

    const page = await connect();
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Your business is connected to the Tax Authority');
    expect(await status()).toBe('connected');

    const replayed = await fetch(`${app.baseUrl}/v1/tax_authority/callback?code=x&state=not-a-state`);
    expect(replayed.status).toBe(400);
  });

  it('approves a live document above the threshold: the number printed is the confirmation’s rightmost nine digits', async () => {
    const documentId = await liveDocument('513456780');
    expect(await allocationOf(documentId)).toMatchObject({ status: 'pending' });
    await requestAllocation(documentId);
    const approval = twin.approvals.find((a) => a.invoiceId === documentId)!;
    expect(approval).toMatchObject({
      vatNumber: VAT_NUMBER,
      customerVatNumber: '513456780',
      amountBeforeVat: 10_000,
      vatAmount: 1_800,
      total: 11_800,
    });
    expect(approval.accountingSoftwareNumber).toBe('98765432');
    expect(await allocationOf(documentId)).toMatchObject({ status: 'approved', number: approval.confirmationNumber.slice(-9) });
    // The short access token was refreshed before the approval.
    expect(twin.requests.filter((request) => request.endsWith('/oauth2/token')).length).toBeGreaterThanOrEqual(2);
  });

  it('records a refusal with the authority’s reason', async () => {
    const documentId = await liveDocument('123456789');
    await requestAllocation(documentId);
    expect(await allocationOf(documentId)).toMatchObject({ status: 'refused', number: null });
    expect((await allocationOf(documentId))!.refusal_reason).toContain('432: Customer VAT Number is incorrect');
  });

  it('waits through an outage: the document stays pending and the next try is approved', async () => {
    const documentId = await liveDocument('513456780');
    await fetch(`${twin.url}/twin/faults`, { method: 'POST', body: JSON.stringify({ mode: 'outage' }) });
    await expect(requestAllocation(documentId)).rejects.toThrow(/unavailable/);
    expect(await allocationOf(documentId)).toMatchObject({ status: 'pending' });
    await requestAllocation(documentId);
    expect(await allocationOf(documentId)).toMatchObject({ status: 'approved' });
  });

  it('a revoked connection shows on the account and documents wait pending; connecting again brings them their numbers', async () => {
    await fetch(`${twin.url}/twin/revoke`, { method: 'POST' });
    const documentId = await liveDocument('513456780');
    await expect(requestAllocation(documentId)).rejects.toThrow(/not connected/);
    expect(await status()).toBe('revoked');
    expect(await allocationOf(documentId)).toMatchObject({ status: 'pending' });

    expect((await connect()).status).toBe(200);
    expect(await status()).toBe('connected');
    await requestAllocation(documentId);
    expect(await allocationOf(documentId)).toMatchObject({ status: 'approved' });
  });

  it('a document its job gave up on is asked again by the daily sweep, until the authority answers', async () => {
    const documentId = await liveDocument('513456780');
    await fetch(`${twin.url}/twin/faults`, { method: 'POST', body: JSON.stringify({ mode: 'outage', count: 2 }) });
    await expect(requestAllocation(documentId)).rejects.toThrow(/unavailable/);
    const sweep = () => app.services.inContext(() => app.services.container.get(ReaskPendingAllocations).execute());
    // Within the job's own retry window the sweep leaves it to the job.
    expect(await sweep()).toEqual({ asked: 0, waiting: 0 });
    clock.advance(3 * 24 * 3600_000);
    try {
      expect(await sweep()).toEqual({ asked: 1, waiting: 1 }); // the outage goes on: it waits for the next day
      expect(await allocationOf(documentId)).toMatchObject({ status: 'pending' });
      expect(await sweep()).toEqual({ asked: 1, waiting: 0 });
      expect(await allocationOf(documentId)).toMatchObject({ status: 'approved' });
    } finally {
      clock.advance(-3 * 24 * 3600_000);
    }
  });

  it('keeps no token in the clear in any table or log', async () => {
    expect(twin.issued.length).toBeGreaterThan(3);
    const sql = (query: string) => app.services.orm.em.fork().getConnection().execute(query);
    const tables = await sql(
      `select table_schema, table_name from information_schema.tables where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
    );
    for (const { table_schema: schema, table_name: table } of tables) {
      const rows = await sql(`select t::text as row from "${schema}"."${table}" t`);
      for (const { row } of rows) for (const token of twin.issued) expect(row, `${schema}.${table}`).not.toContain(token);
    }
    expect(logs.length).toBeGreaterThan(5);
    for (const line of logs) for (const token of twin.issued) expect(line).not.toContain(token);
  });
});
