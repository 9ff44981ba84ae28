import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient, Schemas } from '@kupa/sdk';
import { CARDS, shopper, URLS } from './support/checkout';
import pg from 'pg';
import { IssueDocument } from '../src/modules/invoicing/application/issue-document';
import { PERSISTENCE } from '../src/platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../src/platform/persistence/unit-of-work';
import { israelDay, nextDay, startOfIsraelDay } from '../src/shared/domain/israel-day';
import { MovableClock, startTestApp, type TestAccount, type TestApp } from './support/harness';
import { waitFor } from './support/receiver';

type Profile = Schemas['BusinessProfile'];

const clock = new MovableClock();
let app: TestApp;
let pay: ReturnType<typeof shopper>;

beforeAll(async () => {
  // The worker too: allocation numbers are asked for by a job.
  app = await startTestApp(undefined, { clock, worker: true, env: { JOB_POLL_INTERVAL_MS: '20' } });
  pay = shopper(app);
});
afterAll(async () => {
  await app.close();
});

const profile = (dealerType: Profile['dealer_type']): Profile => ({
  legal_name: 'Olive Grove Ltd',
  business_number: '516179157',
  dealer_type: dealerType,
  address: { line1: 'Herzl 1', city: 'Haifa', postal_code: '3303101' },
  email: 'books@olive.example.co.il',
  phone: '04-555-1234',
});

/** A merchant with the dealer type's profile (none for `null`). */
async function merchant(dealerType: Profile['dealer_type'] | null): Promise<{ account: TestAccount; api: KupaClient }> {
  const account = await app.createAccount('Olive Grove');
  const api = app.client(account.testKey);
  if (dealerType) expect((await api.POST('/v1/account', { body: { business_profile: profile(dealerType) } })).response.status).toBe(200);
  return { account, api };
}

/** A paid checkout of `amount` agorot; answers its charge. */
async function paid(api: KupaClient, customer: string, amount: number): Promise<Schemas['Charge']> {
  const session = (
    await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, line_items: [{ name: 'Olive oil', amount_agorot: amount }] } })
  ).data!.data;
  expect((await pay.payWithCard(session.id, CARDS.ok)).data!.data.status).toBe('succeeded');
  const chargeId = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.charge!;
  return (await api.GET('/v1/charges/{id}', { params: { path: { id: chargeId } } })).data!.data;
}

async function document(api: KupaClient, id: string): Promise<Schemas['Document']> {
  return (await api.GET('/v1/documents/{id}', { params: { path: { id } } })).data!.data;
}

async function refundDocument(api: KupaClient, charge: string, amount: number): Promise<Schemas['Document']> {
  const refund = (await api.POST('/v1/charges/{id}/refunds', { params: { path: { id: charge } }, body: { amount } })).data!.data;
  return document(api, refund.document!);
}

async function html(account: TestAccount, id: string, locale?: 'en'): Promise<string> {
  const res = await fetch(`${app.baseUrl}/v1/documents/${id}/html${locale ? `?locale=${locale}` : ''}`, {
    headers: { Authorization: `Bearer ${account.testKey}` },
  });
  expect(res.status).toBe(200);
  return res.text();
}

describe('the business profile', () => {
  it('is set with a secret key, refused with a wrong check digit (nothing written), and shown by GET /v1/account', async () => {
    const { account, api } = await merchant(null);
    expect((await api.GET('/v1/account')).data!.data.business_profile).toBeNull();

    const wrong = await api.POST('/v1/account', { body: { business_profile: { ...profile('company'), business_number: '516179158' } } });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error!.error).toMatchObject({ code: 'tax_id_invalid', param: 'business_profile.business_number' });
    const badType = await api.POST('/v1/account', {
      body: { business_profile: { ...profile('company'), dealer_type: 'sole_trader' as never } },
    });
    expect(badType.response.status).toBe(400);
    expect(badType.error!.error.param).toBe('business_profile.dealer_type');
    expect((await api.GET('/v1/account')).data!.data.business_profile).toBeNull();

    const checkoutKey = await app.issueKey(account.id, { livemode: false, scope: 'checkout' });
    expect((await app.client(checkoutKey).POST('/v1/account', { body: { business_profile: profile('company') } })).response.status).toBe(
      403,
    );
    const set = await api.POST('/v1/account', { body: { business_profile: profile('company') } });
    expect(set.data!.data.business_profile).toEqual(profile('company'));
    expect((await app.client(account.liveKey).GET('/v1/account')).data!.data.business_profile).toEqual(profile('company'));
  });

  it('a customer may carry a business number, checked the same way', async () => {
    const { api } = await merchant('company');
    const wrong = await api.POST('/v1/customers', { body: { name: 'Galil Foods', tax_id: '123456789' } });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error!.error).toMatchObject({ code: 'tax_id_invalid', param: 'tax_id' });
    const created = await api.POST('/v1/customers', { body: { name: 'Galil Foods', tax_id: '000000018' } });
    expect(created.data!.data.tax_id).toBe('000000018');
  });
});

describe('documents by dealer type', () => {
  it('a company issues tax invoice receipts and credit tax invoices, each numbered on its own, with its identity and the business customer', async () => {
    const { api } = await merchant('company');
    const customer = (await api.POST('/v1/customers', { body: { name: 'Galil Foods', email: 'ap@galil.example', tax_id: '000000018' } }))
      .data!.data.id;
    const first = await paid(api, customer, 11_800);
    const second = await paid(api, customer, 5_900);

    const sale = await document(api, first.document!);
    expect(sale).toMatchObject({
      type: 'tax_invoice_receipt',
      type_code: 320,
      number: 1,
      total: 11_800,
      vat_rate: 18,
      vat_amount: 1_800,
      amount_excluding_vat: 10_000,
      refers_to: null,
      issuer: {
        name: 'Olive Grove',
        legal_name: 'Olive Grove Ltd',
        business_number: '516179157',
        dealer_type: 'company',
        address: { line1: 'Herzl 1', city: 'Haifa', postal_code: '3303101' },
      },
      recipient: { name: 'Galil Foods', tax_id: '000000018', email: 'ap@galil.example' },
      payment: { card_last4: '4242', installments: null },
    });
    expect((await document(api, second.document!)).number).toBe(2);

    const credit = await refundDocument(api, first.id, 2_360);
    expect(credit).toMatchObject({
      type: 'credit_invoice',
      type_code: 330,
      number: 1,
      total: -2_360,
      vat_amount: -360,
      amount_excluding_vat: -2_000,
    });
    expect(credit.refers_to).toEqual({ document: sale.id, type: 'tax_invoice_receipt', number: 1 });
    expect((await refundDocument(api, second.id, 100)).number).toBe(2);
    expect((await paid(api, customer, 1_000)).document).toBeTruthy();
    const listed = (await api.GET('/v1/documents', { params: { query: { limit: 10 } } })).data!.data;
    expect(listed.map((d) => `${d.type} ${d.number}`).sort()).toEqual([
      'credit_invoice 1',
      'credit_invoice 2',
      'tax_invoice_receipt 1',
      'tax_invoice_receipt 2',
      'tax_invoice_receipt 3',
    ]);
  });

  it.each(['exempt_dealer', 'non_profit'] as const)('an %s issues receipts without VAT, for money taken and returned', async (dealer) => {
    const { api } = await merchant(dealer);
    const customer = (await api.POST('/v1/customers', { body: { name: 'Dana Levi' } })).data!.data.id;
    const charge = await paid(api, customer, 10_000);
    const receipt = await document(api, charge.document!);
    expect(receipt).toMatchObject({
      type: 'receipt',
      type_code: 400,
      number: 1,
      total: 10_000,
      vat_rate: 0,
      vat_amount: 0,
      amount_excluding_vat: 10_000,
    });
    const returned = await refundDocument(api, charge.id, 4_000);
    expect(returned).toMatchObject({
      type: 'receipt',
      number: 2,
      total: -4_000,
      vat_amount: 0,
      refers_to: { document: receipt.id, type: 'receipt', number: 1 },
    });
  });
});

describe('the printable document', () => {
  // Without a worker, whose job renders each document's PDF (the original) at once: these pages are the
  // documents' first renderings. test/document-pdfs.test.ts has the PDFs.
  let withWorker: TestApp;
  beforeAll(async () => {
    withWorker = app;
    app = await startTestApp(undefined, { clock });
    pay = shopper(app);
  });
  afterAll(async () => {
    await app.close();
    app = withWorker;
    pay = shopper(app);
  });

  it('is the original the first time and a true copy after, in Hebrew or English, with the totals in the amount column', async () => {
    const { account, api } = await merchant('licensed_dealer');
    const customer = (await api.POST('/v1/customers', { body: { name: 'Galil Foods', tax_id: '000000018' } })).data!.data.id;
    const charge = await paid(api, customer, 11_800);

    const original = await html(account, charge.document!);
    expect(original).toContain('dir="rtl"');
    expect(original).toContain('>מקור<');
    expect(original).not.toContain('העתק נאמן למקור');
    for (const text of [
      'חשבונית מס/קבלה מס׳ 1',
      'Olive Grove Ltd',
      'עוסק מורשה <bdi>516179157</bdi>',
      'Herzl 1, Haifa',
      '<bdi>000000018</bdi>',
      'מסמך בדיקה',
      'המסתיים ב־4242',
    ]) {
      expect(original).toContain(text);
    }
    // The totals sit in the amount column: the table's last cell of each row, after a three-column label.
    expect(original).toMatch(/<tr><td colspan="3">סה״כ לפני מע״מ<\/td><td class="num"><bdi>₪100\.00<\/bdi><\/td><\/tr>/);
    expect(original).toMatch(/<tr><td colspan="3">מע״מ 18%<\/td><td class="num"><bdi>₪18\.00<\/bdi><\/td><\/tr>/);
    expect(original).toMatch(/<tr class="grand"><td colspan="3">סה״כ לתשלום<\/td><td class="num"><bdi>₪118\.00<\/bdi><\/td><\/tr>/);

    expect(await html(account, charge.document!)).toContain('>העתק נאמן למקור<');
    const english = await html(account, charge.document!, 'en');
    expect(english).toContain('dir="ltr"');
    expect(english).toContain('Tax invoice receipt No. 1');
    expect(english).toContain('>True copy of the original<');
    expect(english).toContain('Licensed dealer <bdi>516179157</bdi>');

    const credit = await refundDocument(api, charge.id, 11_800);
    const creditHtml = await html(account, credit.id);
    expect(creditHtml).toContain('>מקור<');
    expect(creditHtml).toContain('חשבונית מס זיכוי מס׳ 1');
    expect(creditHtml).toContain('מתייחסת לחשבונית מס/קבלה מס׳ 1');
    expect(creditHtml).toContain('סה״כ זיכוי');
  });
});

async function eventsAbout(api: KupaClient, type: 'document.created' | 'document.updated', id: string): Promise<Schemas['Document'][]> {
  const events = (await api.GET('/v1/events', { params: { query: { type, limit: 100 } } })).data!.data;
  return events.filter((event) => event.data.id === id).map((event) => event.data as Schemas['Document']);
}

describe('document events and allocation numbers', () => {
  // Today's threshold (from 2026-06-01) is ₪5,000 before VAT: ₪5,900.00 with VAT is exactly it.
  it('each document is announced once with document.created, numbered', async () => {
    const { api } = await merchant('company');
    const customer = (await api.POST('/v1/customers', { body: { name: 'Dana Levi' } })).data!.data.id;
    const charge = await paid(api, customer, 4_900);
    const credit = await refundDocument(api, charge.id, 900);
    const [created] = await eventsAbout(api, 'document.created', charge.document!);
    expect(created).toMatchObject({ id: charge.document, type: 'tax_invoice_receipt', number: 1, total: 4_900, allocation: null });
    expect(await eventsAbout(api, 'document.created', credit.id)).toMatchObject([{ type: 'credit_invoice', number: 1, total: -900 }]);
    expect(await eventsAbout(api, 'document.created', charge.document!)).toHaveLength(1);
  });

  it(
    'a tax invoice to a business above the threshold gets its number from the Tax Authority, with document.updated; at the threshold or to ' +
      'a private customer, none',
    async () => {
      const { account, api } = await merchant('company');
      const business = (await api.POST('/v1/customers', { body: { name: 'Galil Foods', tax_id: '000000018' } })).data!.data.id;
      const person = (await api.POST('/v1/customers', { body: { name: 'Dana Levi' } })).data!.data.id;

      const above = await paid(api, business, 590_001);
      const [created] = await eventsAbout(api, 'document.created', above.document!);
      expect(created.amount_excluding_vat).toBe(500_001);
      expect(created.allocation).toEqual({ status: 'pending', number: null, refusal_reason: null });
      const approved = await waitFor('the allocation number', async () => {
        const current = await document(api, above.document!);
        return current.allocation?.status === 'approved' && current;
      });
      expect(approved.allocation!.number).toMatch(/^\d{9}$/);
      const [updated] = await eventsAbout(api, 'document.updated', above.document!);
      expect(updated.allocation).toEqual(approved.allocation);
      expect(await html(account, above.document!)).toContain(`מספר הקצאה</span> <bdi>${approved.allocation!.number}</bdi>`);

      const at = await document(api, (await paid(api, business, 590_000)).document!);
      expect(at).toMatchObject({ amount_excluding_vat: 500_000, allocation: null });
      expect((await document(api, (await paid(api, person, 1_180_000)).document!)).allocation).toBeNull();
    },
  );

  it('the simulated Tax Authority refuses the business number it is told to, and says why', async () => {
    const { api } = await merchant('licensed_dealer');
    const unregistered = (await api.POST('/v1/customers', { body: { name: 'Ghost Trading', tax_id: '999999998' } })).data!.data.id;
    const charge = await paid(api, unregistered, 1_180_000);
    const refused = await waitFor('the refusal', async () => {
      const current = await document(api, charge.document!);
      return current.allocation?.status === 'refused' && current;
    });
    expect(refused.allocation).toEqual({
      status: 'refused',
      number: null,
      refusal_reason: "The customer's business number 999999998 is not registered for VAT",
    });
    expect(await eventsAbout(api, 'document.updated', charge.document!)).toHaveLength(1);
  });

  it('with Kupa not registered at the Tax Authority, a live document stays pending and its job is asked again later', async () => {
    const { account } = await merchant('company');
    const scope = { accountId: account.id, livemode: true };
    const { container, inContext } = app.services;
    const documentId = await inContext(() =>
      container.get<UnitOfWork>(PERSISTENCE.UnitOfWork).run(() =>
        container.get(IssueDocument).execute(scope, {
          kind: 'sale',
          customerId: 'cus_live',
          chargeId: null,
          refundId: null,
          currency: 'ils',
          lines: [{ description: 'Wholesale order', quantity: 1, unitAmount: 1_180_000, amount: 1_180_000 }],
          details: {
            issuer: { name: 'Olive Grove', profile: null },
            recipient: { name: 'Galil Foods', taxId: '000000018', email: null, phone: null },
            payment: { cardLast4: '4242', installments: null },
          },
        }),
      ),
    );
    const db = new pg.Client({ connectionString: app.databaseUrl });
    await db.connect();
    try {
      const job = await waitFor('a failed attempt', async () => {
        const { rows } = await db.query(
          `select state, extract(epoch from start_after - now())::int as retry_in_seconds, output->>'message' as error
             from pgboss.job where name = 'document-allocation' and data->>'documentId' = $1`,
          [documentId],
        );
        return rows[0]?.state === 'retry' && rows[0];
      });
      // Asked again in about a minute (then 2, 4… minutes).
      expect(job.retry_in_seconds).toBeGreaterThan(30);
      expect(job.error).toContain('Kupa is not registered with the Tax Authority');
      const { rows } = await db.query('select allocation from documents where id = $1', [documentId]);
      expect(rows[0].allocation).toEqual({ status: 'pending', number: null, refusalReason: null });
    } finally {
      await db.end();
    }
  });
});

describe('for the accountant', () => {
  /** The CSV's rows as objects, by its header. */
  function parseCsv(csv: string): Record<string, string>[] {
    const rows: string[][] = [];
    for (const line of csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n')) {
      const cells: string[] = [];
      for (const match of line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)) {
        if (match.index === line.length && match[0] === '') break;
        cells.push(match[1].startsWith('"') ? match[1].slice(1, -1).replace(/""/g, '"') : match[1]);
      }
      rows.push(cells);
    }
    const [header, ...body] = rows;
    return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
  }
  const agorot = (shekels: string) => Math.round(Number(shekels.replace('.', ''))); // "-15.00" → -1500, exactly

  it('filters documents by type and period, and exports a period whose total is its charges minus its refunds', async () => {
    const { account, api } = await merchant('company');
    const galil = (await api.POST('/v1/customers', { body: { name: 'Galil, Foods', tax_id: '000000018' } })).data!.data.id;
    const tricky = (await api.POST('/v1/customers', { body: { name: '=HYPERLINK("http://evil.example")' } })).data!.data.id;

    const dayA = israelDay(clock.now());
    const a1 = await paid(api, galil, 11_800);
    await paid(api, tricky, 4_900);
    await refundDocument(api, a1.id, 1_000);
    clock.advance(2 * 86_400_000);
    const dayB = israelDay(clock.now());
    const b1 = await paid(api, galil, 2_000);
    await refundDocument(api, b1.id, 500);
    clock.advance(2 * 86_400_000);
    const dayC = israelDay(clock.now());
    await paid(api, galil, 3_000);

    const list = async (query: Record<string, string>) =>
      (await api.GET('/v1/documents', { params: { query: { limit: 100, ...query } } })).data!.data;
    expect((await list({ type: 'credit_invoice', issued_from: dayA, issued_to: dayB })).map((d) => d.total).sort()).toEqual([-1_000, -500]);
    expect((await list({ issued_from: dayC })).map((d) => d.total)).toEqual([3_000]);
    expect(await list({ issued_from: nextDay(dayA), issued_to: nextDay(dayA) })).toEqual([]);
    const backwards = await api.GET('/v1/documents', { params: { query: { issued_from: dayB, issued_to: dayA } } });
    expect(backwards.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'issued_to' });

    const res = await fetch(`${app.baseUrl}/v1/documents/export?issued_from=${dayA}&issued_to=${dayB}`, {
      headers: { Authorization: `Bearer ${account.testKey}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename=documents-test-${dayA}-${dayB}.csv`);
    const body = Buffer.from(await res.arrayBuffer());
    expect([...body.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // the byte order mark spreadsheets need for Hebrew
    const csv = body.toString('utf8');
    const rows = parseCsv(csv);
    const documents = rows.filter((row) => row.row === 'document');
    expect(documents.map((row) => `${row.type} ${row.number} ${row.issued_on} ${row.total}`)).toEqual([
      `credit_invoice 1 ${dayA} -10.00`,
      `credit_invoice 2 ${dayB} -5.00`,
      `tax_invoice_receipt 1 ${dayA} 118.00`,
      `tax_invoice_receipt 2 ${dayA} 49.00`,
      `tax_invoice_receipt 3 ${dayB} 20.00`,
    ]);
    expect(documents[0]).toMatchObject({ customer: 'Galil, Foods', customer_tax_id: '000000018', refers_to_number: '1', type_code: '330' });
    // A name a spreadsheet would run as a formula is written as text.
    expect(documents[3].customer).toBe('\'=HYPERLINK("http://evil.example")');
    const totals = Object.fromEntries(rows.filter((row) => row.row === 'total').map((row) => [row.type, row]));
    expect(totals.tax_invoice_receipt).toMatchObject({ total: '187.00', documents: '3' });
    expect(totals.credit_invoice).toMatchObject({ total: '-15.00', vat_amount: '-2.29', documents: '2' });
    expect(totals.all).toMatchObject({ total: '172.00', documents: '5' });
    for (const type of ['tax_invoice_receipt', 'credit_invoice', 'all']) {
      expect(agorot(totals[type].amount_excluding_vat) + agorot(totals[type].vat_amount)).toBe(agorot(totals[type].total));
    }

    // The same period from the money's side: what its charges took minus what its refunds returned.
    const [start, end] = [startOfIsraelDay(dayA).getTime(), startOfIsraelDay(nextDay(dayB)).getTime()];
    const within = (created: string) => Date.parse(created) >= start && Date.parse(created) < end;
    const charges = (await api.GET('/v1/charges', { params: { query: { limit: 100 } } })).data!.data.filter((charge) =>
      within(charge.created),
    );
    const refunds = (await api.GET('/v1/refunds', { params: { query: { limit: 100 } } })).data!.data.filter((refund) =>
      within(refund.created),
    );
    const taken = charges.reduce((sum, charge) => sum + (charge.amount_captured ?? charge.amount), 0);
    const returned = refunds.reduce((sum, refund) => sum + refund.amount, 0);
    expect(agorot(totals.all.total)).toBe(taken - returned);
  });
});
