import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient, Schemas } from '@kupa/sdk';
import type { ParsedMail } from 'mailparser';
import { unzipSync } from 'fflate';
import { IssueDocument } from '../src/modules/invoicing';
import { ListEmails } from '../src/modules/notifications/application/list-emails';
import { PERSISTENCE } from '../src/platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../src/platform/persistence/unit-of-work';
import { CARDS, shopper, URLS } from './support/checkout';
import { merchantPkcs12 } from './support/certificates';
import { rawRequest } from './support/contract';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';
import { fontRows, pdfinfo, pdfsig, plainText } from './support/poppler';
import { waitFor } from './support/receiver';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink';

// Every document as a signed PDF/A: rendered by the worker in Chromium with its Hebrew font embedded,
// signed (PAdES), attached as the original to the customer's email (sent here to a real SMTP server),
// and downloaded as the true copy. Poppler's tools read the files as any customer's software would.
let smtp: SmtpSink;
let app: TestApp;
let pay: ReturnType<typeof shopper>;

beforeAll(async () => {
  smtp = await startSmtpSink();
  app = await startTestApp(undefined, { worker: true, env: { JOB_POLL_INTERVAL_MS: '20', SMTP_URL: smtp.url } });
  pay = shopper(app);
});
afterAll(async () => {
  await app.close();
  await smtp.close();
});

async function merchant(): Promise<{ account: TestAccount; api: KupaClient }> {
  const account = await app.createAccount('Olive Grove');
  const api = app.client(account.testKey);
  const profile: Schemas['BusinessProfile'] = {
    legal_name: 'Olive Grove Ltd',
    business_number: '516179157',
    dealer_type: 'company',
    address: { line1: 'Herzl 1', city: 'Haifa', postal_code: '3303101' },
    email: 'books@olive.example.co.il',
    phone: null,
  };
  expect((await api.POST('/v1/account', { body: { business_profile: profile } })).response.status).toBe(200);
  return { account, api };
}

async function paid(api: KupaClient, customer: string, amount: number): Promise<Schemas['Charge']> {
  const session = (
    await api.POST('/v1/checkout_sessions', {
      body: { customer, ...URLS, line_items: [{ name: 'Olive oil 750 ml', amount_agorot: amount }] },
    })
  ).data!.data;
  expect((await pay.payWithCard(session.id, CARDS.ok)).data!.data.status).toBe('succeeded');
  const chargeId = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.charge!;
  return (await api.GET('/v1/charges/{id}', { params: { path: { id: chargeId } } })).data!.data;
}

const mailTo = (address: string, subject: string) =>
  waitFor(
    `the email to ${address}`,
    () => smtp.messages.find((mail) => mail.to && JSON.stringify(mail.to).includes(address) && mail.subject?.includes(subject)),
    30_000,
  );

function attachedPdf(mail: ParsedMail): { filename: string; pdf: Buffer } {
  expect(mail.attachments).toHaveLength(1);
  const [attachment] = mail.attachments;
  expect(attachment.contentType).toBe('application/pdf');
  return { filename: attachment.filename!, pdf: attachment.content };
}

/** The PDF download, once the worker has rendered it (409 `document_pdf_pending` with Retry-After until then). */
async function download(account: TestAccount, id: string): Promise<{ res: Response; pdf: Buffer }> {
  return waitFor(
    `the PDF of ${id}`,
    async () => {
      const res = await fetch(`${app.baseUrl}/v1/documents/${id}/pdf`, { headers: { Authorization: `Bearer ${account.testKey}` } });
      if (res.status === 409) {
        const body = (await res.json()) as { error: { code: string } };
        expect(body.error.code).toBe('document_pdf_pending');
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        return undefined;
      }
      expect(res.status).toBe(200);
      return { res, pdf: Buffer.from(await res.arrayBuffer()) };
    },
    30_000,
  );
}

function expectSignedByTestCertificate(pdf: Buffer): void {
  const report = pdfsig(pdf);
  expect(report).toContain('Signature Validation: Signature is Valid.');
  expect(report).toContain('Signature Type: ETSI.CAdES.detached');
  expect(report).toContain('Total document signed');
  expect(report).toContain('Signer Certificate Common Name: Olive Grove Ltd (TEST)');
}

describe('the receipt email and the downloads', () => {
  it('the receipt email carries the signed original; the API and the customer link give the signed true copy', async () => {
    const { account, api } = await merchant();
    const customer = (await api.POST('/v1/customers', { body: { name: 'Noa Cohen', email: 'noa.pdf@example.co.il', tax_id: '000000018' } }))
      .data!.data.id;
    const charge = await paid(api, customer, 11_800);

    const mail = await mailTo('noa.pdf@example.co.il', 'Receipt');
    const original = attachedPdf(mail);
    expect(original.filename).toBe('test-tax-invoice-receipt-1.pdf');
    expectSignedByTestCertificate(original.pdf);
    const text = plainText(original.pdf);
    // Hebrew reads right to left in logical order; names, numbers and amounts keep their own direction.
    for (const line of [
      'חשבונית מס/קבלה מס׳ 1',
      'מקור',
      'Olive Grove Ltd',
      'לכבוד Noa Cohen',
      'סה״כ לתשלום',
      '₪118.00',
      'מסמך בדיקה',
      'noa.pdf@example.co.il',
    ])
      expect(text).toContain(line);
    expect(text).not.toContain('העתק נאמן למקור');
    // Every font is embedded (a subset), with its Unicode map: the text can be searched and copied.
    const fonts = fontRows(original.pdf);
    expect(fonts.length).toBeGreaterThan(0);
    for (const row of fonts) expect(row.slice(-5, -2), row.join(' ')).toEqual(['yes', 'yes', 'yes']);
    // PDF/A-2b: identified in XMP, tagged, and the document information to match.
    const meta = pdfinfo(original.pdf, '-meta');
    expect(meta).toContain('<pdfaid:part>2</pdfaid:part>');
    expect(meta).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
    const info = pdfinfo(original.pdf);
    expect(info).toMatch(/Title:\s+חשבונית מס\/קבלה מס׳ 1/);
    expect(info).toMatch(/Tagged:\s+yes/);
    expect(info).toMatch(/Page size:.* pts \(A4\)/);

    const outbox = await app.services.inContext(() => app.services.container.get(ListEmails).execute(200));
    expect(outbox.find((email) => email.key === `receipt:${charge.id}`)).toMatchObject({
      status: 'sent',
      attachment: 'test-tax-invoice-receipt-1.pdf',
    });

    const { res, pdf: copy } = await download(account, charge.document!);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="test-tax-invoice-receipt-1.pdf"');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expectSignedByTestCertificate(copy);
    expect(plainText(copy)).toContain('העתק נאמן למקור');
    expect(copy.equals(original.pdf)).toBe(false);

    // The customer's keyless link: the page (a true copy now: the original went by email) and the same PDF.
    const link = `${app.baseUrl}/v1/documents/${charge.document}/view`;
    expect(mail.text).toContain(`/v1/documents/${charge.document}/view`);
    expect(await (await fetch(link)).text()).toContain('>העתק נאמן למקור<');
    const linked = await rawRequest(`${link}?format=pdf`, {});
    expect(linked.status).toBe(200);
    expect(linked.headers.get('content-disposition')).toBe('inline; filename="test-tax-invoice-receipt-1.pdf"');
    const viaLink = Buffer.from(await (await fetch(`${link}?format=pdf`)).arrayBuffer());
    expect(viaLink.equals(copy)).toBe(true);

    // Another account's key, an unknown id: the same 404.
    const other = await app.createAccount('Another shop');
    const foreign = await app.client(other.testKey).GET('/v1/documents/{id}/pdf', { params: { path: { id: charge.document! } } });
    expect(foreign.response.status).toBe(404);
    expect((await fetch(`${app.baseUrl}/v1/documents/doc_${'x'.repeat(24)}/view?format=pdf`)).status).toBe(404);
  });

  it('one altered byte fails the signature', async () => {
    const { account, api } = await merchant();
    const customer = (await api.POST('/v1/customers', { body: { name: 'Dana Levi' } })).data!.data.id;
    const charge = await paid(api, customer, 4_900);
    const { pdf } = await download(account, charge.document!);
    expect(pdfsig(pdf)).toContain('Signature is Valid.');
    // One digit of the signing time the file states (covered by the signature, like every byte but the signature's own).
    const altered = Buffer.from(pdf);
    const digit = altered.indexOf('/M (D:') + '/M (D:'.length + 3;
    altered[digit] = altered[digit] === 0x30 ? 0x31 : 0x30;
    const report = pdfsig(altered);
    expect(report).not.toContain('Signature is Valid.');
    expect(report).toMatch(/Digest Mismatch|Signature is Invalid/);
  });

  it('a refund sends the credit tax invoice, signed, with the refund email', async () => {
    const { api } = await merchant();
    const customer = (await api.POST('/v1/customers', { body: { name: 'Yael Bar', email: 'yael.refund@example.co.il' } })).data!.data.id;
    const charge = await paid(api, customer, 5_900);
    const refund = (await api.POST('/v1/charges/{id}/refunds', { params: { path: { id: charge.id } }, body: { amount: 2_360 } })).data!
      .data;

    const mail = await mailTo('yael.refund@example.co.il', 'Refund');
    expect(mail.text).toContain('₪23.60');
    const { filename, pdf } = attachedPdf(mail);
    expect(filename).toBe('test-credit-invoice-1.pdf');
    expect(pdfsig(pdf)).toContain('Signature is Valid.');
    const text = plainText(pdf);
    for (const line of ['חשבונית מס זיכוי מס׳ 1', 'מקור', 'מתייחסת לחשבונית מס/קבלה מס׳ 1', 'סה״כ זיכוי', '-₪23.60'])
      expect(text).toContain(line);
    expect(refund.document).toBeTruthy();
  });

  it('a test key may upload a certificate: it replaces the generated one for the documents that follow', async () => {
    const { account, api } = await merchant();
    const customer = (await api.POST('/v1/customers', { body: { name: 'Dana Levi' } })).data!.data.id;
    expect((await api.GET('/v1/account')).data!.data.document_certificate).toBeNull();
    const before = await download(account, (await paid(api, customer, 1_000)).document!);
    expectSignedByTestCertificate(before.pdf);
    // The account shows the certificate its test documents are signed with: generated, and marked so.
    expect((await api.GET('/v1/account')).data!.data.document_certificate).toMatchObject({ subject: 'Olive Grove Ltd (TEST)', test: true });

    const validity = { from: new Date(Date.now() - 60_000), to: new Date(Date.now() + 365 * 24 * 3600_000) };
    for (const name of ['Olive Grove Ltd', 'Olive Grove Trading Ltd']) {
      const { p12 } = merchantPkcs12(name, 'secret', validity);
      const uploaded = await api.POST('/v1/account/document_certificate', { body: { pkcs12: p12.toString('base64'), password: 'secret' } });
      expect(uploaded.data!.data).toMatchObject({ livemode: false, subject: name, test: false });
    }
    expect((await api.GET('/v1/account')).data!.data.document_certificate).toMatchObject({
      subject: 'Olive Grove Trading Ltd',
      test: false,
    });
    const after = await download(account, (await paid(api, customer, 1_000)).document!);
    expect(pdfsig(after.pdf)).toContain('Signer Certificate Common Name: Olive Grove Trading Ltd\n');
    // The document signed before keeps its signature.
    expectSignedByTestCertificate((await download(account, before.res.url.split('/').at(-2)!)).pdf);
  });

  it("the accountant's period as a ZIP: the CSV and every document's signed PDF, and what has none yet, with why", async () => {
    const { account, api } = await merchant();
    const customer = (await api.POST('/v1/customers', { body: { name: 'Dana Levi' } })).data!.data.id;
    const charges = [await paid(api, customer, 2_000), await paid(api, customer, 3_000)];
    const refund = (await api.POST('/v1/charges/{id}/refunds', { params: { path: { id: charges[0].id } }, body: { amount: 500 } })).data!
      .data;
    for (const id of [charges[0].document!, charges[1].document!, refund.document!]) await download(account, id);

    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(new Date());
    const period = `issued_from=${day}&issued_to=${day}`;
    const res = await fetch(`${app.baseUrl}/v1/documents/export?${period}&format=zip`, {
      headers: { Authorization: `Bearer ${account.testKey}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="documents-test-${day}-${day}.zip"`);
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      `documents-test-${day}-${day}.csv`,
      'pdf/test-credit-invoice-1.pdf',
      'pdf/test-tax-invoice-receipt-1.pdf',
      'pdf/test-tax-invoice-receipt-2.pdf',
    ]);
    const csv = await (
      await fetch(`${app.baseUrl}/v1/documents/export?${period}`, { headers: { Authorization: `Bearer ${account.testKey}` } })
    ).text();
    // The same CSV as the export alone, with its byte order mark for spreadsheets.
    const archived = files[`documents-test-${day}-${day}.csv`];
    expect([...archived.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(archived)).toBe(csv);
    for (const [name, data] of Object.entries(files))
      if (name.endsWith('.pdf')) expect(pdfsig(Buffer.from(data)), name).toContain('Signature is Valid.');
    expect(plainText(Buffer.from(files['pdf/test-tax-invoice-receipt-2.pdf']))).toContain('₪30.00');

    // A live document with no certificate to sign it: in the CSV, and listed with the reason.
    const live = await issueLiveDocument(account.id);
    const liveZip = unzipSync(
      new Uint8Array(
        await (
          await fetch(`${app.baseUrl}/v1/documents/export?${period}&format=zip`, {
            headers: { Authorization: `Bearer ${account.liveKey}` },
          })
        ).arrayBuffer(),
      ),
    );
    expect(Object.keys(liveZip).sort()).toEqual([`documents-live-${day}-${day}.csv`, 'pdf-missing.txt']);
    expect(Buffer.from(liveZip['pdf-missing.txt']).toString()).toBe(
      `tax_invoice_receipt 1 (${live}): no signing certificate uploaded (POST /v1/account/document_certificate)\n`,
    );
  });
});

/** A live tax invoice receipt, issued as a live payment issues one. */
function issueLiveDocument(accountId: string): Promise<string> {
  const { container, inContext } = app.services;
  return inContext(() =>
    container.get<UnitOfWork>(PERSISTENCE.UnitOfWork).run(() =>
      container.get(IssueDocument).execute(
        { accountId, livemode: true },
        {
          kind: 'sale',
          customerId: 'cus_live',
          chargeId: null,
          refundId: null,
          currency: 'ils',
          lines: [{ description: 'Olive oil 750 ml', quantity: 1, unitAmount: 4_900, amount: 4_900 }],
          details: {
            issuer: { name: 'Olive Grove', profile: null },
            recipient: { name: 'Dana Levi', taxId: null, email: null, phone: null },
            payment: { cardLast4: '4242', installments: null },
          },
        },
      ),
    ),
  );
}
