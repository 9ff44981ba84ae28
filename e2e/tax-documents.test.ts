import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKupaClient, type KupaClient, type Schemas } from '@kupa/sdk';
import { launchBrowser, openPage, screenshot, SCREENSHOTS } from './support/browser';
import { freePort, pnpmStart, REPO_ROOT, type RunningService, tempDataDir } from './support/service';

// The documents an Israeli accountant receives, as Chromium renders and prints them: a tax invoice
// receipt to a business customer with its allocation number, and the credit invoice of its refund.

const dataDir = tempDataDir();
/** The copies services/api/README.md shows, written again with UPDATE_README_SCREENSHOTS=1. */
const README_SCREENSHOTS = join(REPO_ROOT, 'services/api/screenshots');
let service: RunningService;
let browser: Browser;
let kupa: KupaClient;
let apiUrl: string;
let key: string;

beforeAll(async () => {
  const port = await freePort();
  apiUrl = `http://localhost:${port}`;
  service = pnpmStart({
    DATA_DIR: dataDir,
    PORT: String(port),
    CHECKOUT_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    JOB_POLL_INTERVAL_MS: '200',
  });
  [, key] = await service.waitFor(/Test key:\s+(sk_test_\w+)/);
  await service.waitFor(/Press Ctrl-C to stop/);
  kupa = createKupaClient({ baseUrl: apiUrl, apiKey: key });
  browser = await launchBrowser();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await service?.interrupt();
  rmSync(dataDir, { recursive: true, force: true });
});

async function ok<T>(result: Promise<{ data?: { data: T }; error?: unknown }>): Promise<T> {
  const { data, error } = await result;
  if (!data) throw new Error(JSON.stringify(error));
  return data.data;
}

async function documentWhen(id: string, ready: (document: Schemas['Document']) => boolean): Promise<Schemas['Document']> {
  for (const started = Date.now(); Date.now() - started < 30_000; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const document = await ok(kupa.GET('/v1/documents/{id}', { params: { path: { id } } }));
    if (ready(document)) return document;
  }
  throw new Error(`document ${id} never became ready`);
}

/** The document as the merchant prints it: A4, the API's own rendering. */
async function printed(id: string, name: string): Promise<Page> {
  const { page } = await openPage(browser, {
    viewport: { width: 794, height: 1123 },
    extraHTTPHeaders: { Authorization: `Bearer ${key}` },
  });
  await page.goto(`${apiUrl}/v1/documents/${id}/html`);
  await screenshot(page, name);
  if (process.env.UPDATE_README_SCREENSHOTS === '1') {
    mkdirSync(README_SCREENSHOTS, { recursive: true });
    copyFileSync(join(SCREENSHOTS, `${name}.png`), join(README_SCREENSHOTS, `${name}.png`));
  }
  return page;
}

/** The merchant's download of the signed PDF, once the worker has rendered it; its first page as a picture, beside the page's. */
async function signedPdf(id: string, name: string): Promise<string> {
  for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((resolve) => setTimeout(resolve, 300))) {
    const res = await fetch(`${apiUrl}/v1/documents/${id}/pdf`, { headers: { Authorization: `Bearer ${key}` } });
    if (res.status === 409) continue;
    expect(res.status).toBe(200);
    const file = join(SCREENSHOTS, `${name}.pdf`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    execFileSync('pdftoppm', ['-png', '-r', '96', '-singlefile', file, join(SCREENSHOTS, name)]);
    if (process.env.UPDATE_README_SCREENSHOTS === '1')
      copyFileSync(join(SCREENSHOTS, `${name}.png`), join(README_SCREENSHOTS, `${name}.png`));
    return file;
  }
  throw new Error(`the PDF of ${id} was never rendered`);
}

/** Every amount of the table, lines and totals alike, ends at the same edge of the amount column. */
async function amountEdges(page: Page): Promise<number[]> {
  return page.$$eval('tbody td:last-child, tfoot td.num', (cells) => cells.map((cell) => Math.round(cell.getBoundingClientRect().left)));
}

async function printedPages(page: Page): Promise<number> {
  const pdf = (await page.pdf({ format: 'A4', printBackground: true })).toString('latin1');
  return pdf.match(/\/Type\s*\/Page[^s]/g)?.length ?? 0;
}

describe('tax documents in the browser', () => {
  it('a tax invoice receipt and its credit invoice, each one A4 page with the amounts in their column', async () => {
    await ok(
      kupa.POST('/v1/account', {
        body: {
          business_profile: {
            legal_name: 'מטע הזיתים בע״מ',
            business_number: '516179157',
            dealer_type: 'company',
            address: { line1: 'רחוב הרצל 12', city: 'חיפה', postal_code: '3303101' },
            email: 'books@olive.example.co.il',
            phone: '04-555-1234',
          },
        },
      }),
    );
    await ok(kupa.POST('/v1/discounts', { body: { name: 'לקוח עסקי 10%', code: 'BUSINESS10', percent_off: 10 } }));
    const customer = await ok(
      kupa.POST('/v1/customers', { body: { name: 'גליל מזון בע״מ', email: 'ap@galil.example.co.il', tax_id: '000000018' } }),
    );
    const session = await ok(
      kupa.POST('/v1/checkout_sessions', {
        body: {
          customer: customer.id,
          line_items: [
            { name: 'שמן זית כתית מעולה 5 ל׳', amount_agorot: 24_900, quantity: 40 },
            { name: 'זיתים ירוקים דפוקים, מארז', amount_agorot: 8_900, quantity: 30 },
            { name: 'משלוח למרכז הארץ', amount_agorot: 35_000, quantity: 1 },
          ],
          coupon_codes: ['BUSINESS10'],
          installments: { max: 6 },
          success_url: 'https://olive.example.co.il/thanks',
          cancel_url: 'https://olive.example.co.il/cart',
        },
      }),
    );
    const shopper = createKupaClient({ baseUrl: apiUrl });
    const token = await ok(
      shopper.POST('/v1/tokens', {
        body: { checkout_session: session.id, card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' } },
      }),
    );
    const paid = await ok(
      shopper.POST('/v1/checkout_sessions/{id}/confirm', {
        params: { path: { id: session.id } },
        body: { payment_method: { type: 'card', token: token.id }, installments: 3 },
      }),
    );
    expect(paid.status).toBe('succeeded');
    const { charge: chargeId } = await ok(kupa.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } }));
    const charge = await ok(kupa.GET('/v1/charges/{id}', { params: { path: { id: chargeId! } } }));

    const sale = await documentWhen(charge.document!, (document) => document.allocation?.status === 'approved');
    expect(sale).toMatchObject({
      type: 'tax_invoice_receipt',
      payment: { card_last4: '4242', installments: 3 },
      recipient: { tax_id: '000000018' },
    });
    const salePage = await printed(sale.id, 'document-tax-invoice-receipt');
    const saleText = await salePage.locator('body').innerText();
    for (const expected of [
      'מטע הזיתים בע״מ',
      'ח״פ 516179157',
      'רחוב הרצל 12, חיפה 3303101',
      'גליל מזון בע״מ',
      '000000018',
      `מספר הקצאה ${sale.allocation!.number}`,
      'מקור',
      'לקוח עסקי 10%',
      'מספר תשלומים 3',
    ]) {
      expect(saleText).toContain(expected);
    }
    const saleEdges = await amountEdges(salePage);
    expect(saleEdges.length).toBeGreaterThanOrEqual(7); // 3 lines, the discount, before VAT, VAT, total
    expect(new Set(saleEdges).size).toBe(1);
    expect(await salePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(794);
    expect(await printedPages(salePage)).toBe(1);

    // The same document as the signed PDF: verified, and its text read back by poppler in Hebrew order.
    const pdf = await signedPdf(sale.id, 'document-tax-invoice-receipt-pdf');
    expect(execFileSync('pdfsig', [pdf], { encoding: 'utf8' })).toContain('Signature is Valid.');
    const pdfText = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/[\u202a-\u202e]/g, '');
    for (const expected of [
      'מטע הזיתים בע״מ',
      'ח״פ 516179157',
      'לכבוד גליל מזון בע״מ',
      `מספר הקצאה ${sale.allocation!.number}`,
      'מספר תשלומים 3',
    ])
      expect(pdfText).toContain(expected);

    const refund = await ok(kupa.POST('/v1/charges/{id}/refunds', { params: { path: { id: charge.id } }, body: { amount: 35_000 } }));
    const creditPage = await printed(refund.document!, 'document-credit-invoice');
    const creditText = await creditPage.locator('body').innerText();
    expect(creditText).toContain(`מתייחסת לחשבונית מס/קבלה מס׳ ${sale.number}`);
    expect(creditText).toContain('סה״כ זיכוי');
    expect(creditText).toContain('הוחזר לכרטיס האשראי המסתיים ב־4242');
    expect(new Set(await amountEdges(creditPage)).size).toBe(1);
    expect(await printedPages(creditPage)).toBe(1);
  });
});
