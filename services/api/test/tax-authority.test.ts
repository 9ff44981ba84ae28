import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { IssueDocument } from '../src/modules/invoicing';
import { RequestAllocation } from '../src/modules/invoicing/application/request-allocation';
import { PERSISTENCE } from '../src/platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../src/platform/persistence/unit-of-work';
import { startTaxAuthorityTwin, type TaxAuthorityTwin } from '../twins/tax-authority/twin';
import { ReaskPendingAllocations } from '../src/modules/invoicing/application/reask-pending-allocations';
import { RenderDocumentPdf } from '../src/modules/invoicing/application/render-document-pdf';
import { merchantPkcs12 } from './support/certificates';
import { everyRow } from './support/every-row';
import { MovableClock, startTestApp, type TestAccount, type TestApp } from './support/harness';
import { pdfsig, plainText } from './support/poppler';

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
/** What a merchant's uploaded signing key would give away: part of the file, its password, a line of the key. */
const signingSecrets: string[] = [];
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
async function liveDocument(customerTaxId: string | null): Promise<string> {
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
/** `tax_authority_connection.updated` events, newest first. */
const connectionEvents = async () =>
  (await live.GET('/v1/events', { params: { query: { type: 'tax_authority_connection.updated', limit: 100 } } })).data!.data;
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
    const seen = (await connectionEvents()).length;
    await fetch(`${twin.url}/twin/revoke`, { method: 'POST' });
    const documentId = await liveDocument('513456780');
    await expect(requestAllocation(documentId)).rejects.toThrow(/not connected/);
    expect(await status()).toBe('revoked');
    expect(await allocationOf(documentId)).toMatchObject({ status: 'pending' });

    expect((await connect()).status).toBe(200);
    expect(await status()).toBe('connected');
    await requestAllocation(documentId);
    expect(await allocationOf(documentId)).toMatchObject({ status: 'approved' });
    // The merchant heard of both: the loss, and the connection made again.
    const events = (await connectionEvents()).slice(0, -seen || undefined).reverse();
    expect(events.map((event) => event.data)).toMatchObject([
      { id: merchant.id, object: 'tax_authority_connection', status: 'revoked', livemode: true },
      { id: merchant.id, object: 'tax_authority_connection', status: 'connected', livemode: true },
    ]);
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

  it('a live PDF is signed with the merchant’s uploaded certificate, none before it, and shows the allocation number', async () => {
    if ((await status()) !== 'connected') expect((await connect()).status).toBe(200);
    const documentId = await liveDocument('513456780');
    await requestAllocation(documentId);
    const { number } = (await allocationOf(documentId))!;
    const pdf = () => live.GET('/v1/documents/{id}/pdf', { params: { path: { id: documentId } }, parseAs: 'arrayBuffer' });
    expect((await pdf()).error!.error.code).toBe('document_certificate_required');
    expect((await live.GET('/v1/account')).data!.data.document_certificate).toBeNull();

    const upload = (pkcs12: string, password: string) => live.POST('/v1/account/document_certificate', { body: { pkcs12, password } });
    const year = 365 * 24 * 3600_000;
    const now = Date.now();
    const { p12, keyPem } = merchantPkcs12('Olive Grove Ltd', 'p12-pass-ךלח', { from: new Date(now - year), to: new Date(now + year) });
    const ended = merchantPkcs12('Olive Grove Ltd', 'p12-pass-ךלח', { from: new Date(now - 2 * year), to: new Date(now - 1000) }).p12;
    for (const [pkcs12, password, param] of [
      [Buffer.from('not a certificate').toString('base64'), 'x', 'pkcs12'],
      [p12.toString('base64'), 'wrong password', 'password'],
      [ended.toString('base64'), 'p12-pass-ךלח', 'pkcs12'],
    ]) {
      const refused = await upload(pkcs12, password);
      expect(refused.response.status).toBe(400);
      expect(refused.error!.error).toMatchObject({ code: 'document_certificate_invalid', param });
    }
    expect((await pdf()).error!.error.code).toBe('document_certificate_required');

    const uploaded = await upload(p12.toString('base64'), 'p12-pass-ךלח');
    expect(uploaded.response.status).toBe(200);
    expect(uploaded.data!.data).toMatchObject({ object: 'document_certificate', livemode: true, subject: 'Olive Grove Ltd', test: false });
    expect((await live.GET('/v1/account')).data!.data.document_certificate).toEqual({
      subject: 'Olive Grove Ltd',
      expires_at: uploaded.data!.data.expires_at,
      test: false,
    });
    signingSecrets.push(p12.toString('base64').slice(0, 200), 'p12-pass-ךלח', keyPem.split('\n')[5]);

    // No worker here: the request asked for the rendering, which runs as the worker would run it.
    expect((await pdf()).error!.error.code).toBe('document_pdf_pending');
    await app.services.inContext(() => app.services.container.get(RenderDocumentPdf).execute(documentId));
    const signed = await pdf();
    expect(signed.response.status).toBe(200);
    const file = Buffer.from(signed.data as unknown as ArrayBuffer);
    expect(signed.response.headers.get('content-disposition')).toMatch(/filename="tax-invoice-receipt-\d+\.pdf"/);
    const report = pdfsig(file);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Signer Certificate Common Name: Olive Grove Ltd\n');
    const text = plainText(file);
    expect(text).toContain(`מספר הקצאה ${number}`);
    expect(text).toContain('Galil Foods Ltd');
    expect(text).not.toContain('מסמך בדיקה');

    // A document still waiting for its number has no PDF yet, and says so.
    const waiting = await liveDocument('513456780');
    const early = await fetch(`${app.baseUrl}/v1/documents/${waiting}/pdf`, { headers: { Authorization: `Bearer ${merchant.liveKey}` } });
    expect(early.status).toBe(409);
    expect(early.headers.get('retry-after')).toBe('60');
    expect(((await early.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'document_pdf_pending',
      message: expect.stringContaining('waits for its allocation number'),
    });

    // Once the certificate has ended, nothing more is signed with it until a new one is uploaded.
    clock.advance(2 * year);
    try {
      const later = await liveDocument(null);
      const answer = await live.GET('/v1/documents/{id}/pdf', { params: { path: { id: later } }, parseAs: 'arrayBuffer' });
      expect(answer.error!.error.code).toBe('document_certificate_required');
    } finally {
      clock.advance(-2 * year);
    }
  });

  it('keeps no token in the clear in any table or log', async () => {
    expect(twin.issued.length).toBeGreaterThan(3);
    // The merchant's signing key and its password too, uploaded below (the tests of a file run in order).
    const secrets = [...twin.issued, ...signingSecrets];
    expect(signingSecrets.length).toBe(3);
    for (const { table, row } of await everyRow(app)) for (const secret of secrets) expect(row, table).not.toContain(secret);
    expect(logs.length).toBeGreaterThan(5);
    for (const line of logs) for (const secret of secrets) expect(line).not.toContain(secret);
  });
});
