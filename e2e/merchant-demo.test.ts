import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect as pwExpect } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKupaClient, type KupaClient } from '@kupa/sdk';
import { launchBrowser, openPage, screenshot, type WatchedPage } from './support/browser';
import { freePort, pnpmStart, REPO_ROOT, type RunningService, tempDataDir } from './support/service';

// Journeys across the demo shop (e2e/merchant-demo, on the packed SDK), the checkout page, the API, the
// worker and webhooks, in Chromium, as a shopper and a shop owner go through them.

interface Order {
  id: string;
  status: string;
  amount: number;
  charges: Record<string, { status: string; amount: number; amount_captured: number | null; amount_refunded: number }>;
  subscription?: string;
  subscription_status?: string;
  documents: string[];
  events: string[];
}

const DEMO_DIR = join(REPO_ROOT, 'e2e', 'merchant-demo');
const dataDir = tempDataDir();
let service: RunningService;
let shopProcess: ChildProcess;
let shop: string;
let browser: Browser;
let kupa: KupaClient;
const opened: WatchedPage[] = [];

beforeAll(async () => {
  const port = await freePort();
  const apiUrl = `http://localhost:${port}`;
  service = pnpmStart({
    DATA_DIR: dataDir,
    PORT: String(port),
    CHECKOUT_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    JOB_POLL_INTERVAL_MS: '100',
  });
  const [, key] = await service.waitFor(/Test key:\s+(sk_test_\w+)/);
  await service.waitFor(/Press Ctrl-C to stop/);
  kupa = createKupaClient({ baseUrl: apiUrl, apiKey: key });

  execFileSync(process.execPath, [join(DEMO_DIR, 'run.mjs'), '--prepare-only'], { stdio: 'inherit' });
  const demoPort = await freePort();
  shop = `http://localhost:${demoPort}`;
  shopProcess = spawn(process.execPath, ['server.mjs'], {
    cwd: DEMO_DIR,
    env: { ...process.env, KUPA_API_KEY: key, KUPA_API_BASE: apiUrl, DEMO_PORT: String(demoPort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    shopProcess.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('Demo shop on') && resolve());
    shopProcess.on('exit', (code) => reject(new Error(`the demo shop exited with ${code}`)));
  });
  browser = await launchBrowser();
}, 300_000);

afterAll(async () => {
  await browser?.close();
  shopProcess?.kill();
  await service?.interrupt();
  rmSync(dataDir, { recursive: true, force: true });
  for (const watched of opened) expect(watched.errors.filter((e) => !/40[0-9]/.test(e))).toEqual([]);
});

async function open(url: string): Promise<Page> {
  const watched = await openPage(browser);
  opened.push(watched);
  await watched.page.goto(url);
  return watched.page;
}

async function order(id: string): Promise<Order> {
  return (await fetch(`${shop}/orders/${id}.json`)).json() as Promise<Order>;
}

async function orderWhen(id: string, what: string, check: (order: Order) => boolean): Promise<Order> {
  const started = Date.now();
  for (;;) {
    const current = await order(id);
    if (check(current)) return current;
    if (Date.now() - started > 30_000) throw new Error(`order ${id} never got ${what}: ${JSON.stringify(current)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** From the shop's product page to the hosted checkout page. */
async function choose(page: Page, product: string, button: string, options: { testClock?: boolean } = {}) {
  const card = page.locator('.product', { hasText: product });
  if (options.testClock) await card.getByLabel(/test clock/).check();
  await card.getByRole('button', { name: button }).click();
}

async function payOnPage(page: Page | ReturnType<Page['frameLocator']>, number: string, button: RegExp) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: button }).click();
}

/** The order page the checkout sent the shopper back to; its id is the shop's customer. */
async function backAtShop(page: Page): Promise<string> {
  await page.waitForURL(new RegExp(`^${shop}/orders/cus_\\w+$`), { timeout: 30_000 });
  return page.url().split('/').pop()!;
}

async function advanceClock(page: Page, days: number) {
  await page.getByLabel(/Move time forward by/).fill(String(days));
  await page.getByRole('button', { name: 'Advance the test clock' }).click();
  await page.waitForLoadState();
}

let paidOrder: string;

describe('the demo shop, end to end', () => {
  it('hosted one-time payment: the order is fulfilled by charge.succeeded, not by the redirect', async () => {
    const page = await open(`${shop}/`);
    await screenshot(page, 'demo-shop');
    await choose(page, 'Galilee olive oil', 'Buy now');
    await payOnPage(page, '4242 4242 4242 4242', /^Pay ₪49\.00/);
    paidOrder = await backAtShop(page);
    // The page refreshes itself while the order waits for its event.
    await pwExpect(page.locator('#status')).toHaveText('paid', { timeout: 30_000 });
    const fulfilled = await order(paidOrder);
    expect(fulfilled.events).toContain('charge.succeeded');
    expect(Object.values(fulfilled.charges)).toEqual([expect.objectContaining({ status: 'succeeded', amount: 4900 })]);
    expect(fulfilled.documents).toHaveLength(1);
    await screenshot(page, 'demo-order-paid');
  });

  it("embedded on the shop's own page: the result message, then the fulfilment", async () => {
    const page = await open(`${shop}/`);
    await choose(page, "Za'atar", 'Pay on this page');
    await page.waitForURL(new RegExp(`^${shop}/pay/`));
    await payOnPage(page.frameLocator('iframe'), '4242 4242 4242 4242', /^Pay ₪25\.00/);
    await pwExpect(page.getByRole('status')).toHaveText("Thank you! Order confirmed: Za'atar, 200 g.", { timeout: 30_000 });
    const id = new URL(page.url()).pathname.split('/').pop()!;
    expect((await order(id)).status).toBe('paid');
    await screenshot(page, 'demo-embedded-paid');
  });

  it('a recurring plan with a trial: past the trial the renewal is charged, documented and reported', async () => {
    const page = await open(`${shop}/`);
    await choose(page, 'Coffee club', 'Buy now', { testClock: true });
    await payOnPage(page, '4242 4242 4242 4242', /^Start trial/);
    const id = await backAtShop(page);
    await pwExpect(page.locator('#status')).toHaveText('subscribed', { timeout: 30_000 });
    expect(Object.keys((await order(id)).charges)).toEqual([]);

    await advanceClock(page, 8);
    const renewed = await orderWhen(
      id,
      'the renewal',
      (o) => Object.values(o.charges).some((c) => c.status === 'succeeded') && o.events.includes('subscription.updated'),
    );
    expect(Object.values(renewed.charges)).toEqual([expect.objectContaining({ status: 'succeeded', amount: 9900 })]);
    expect(renewed.documents).toHaveLength(1);
    expect(renewed.subscription_status).toBe('active');
    await page.reload();
    await pwExpect(page.locator('#documents li')).toHaveCount(1);
    await screenshot(page, 'demo-renewed');
  });

  it('renewals that decline: past_due, three retries, then canceled', async () => {
    const page = await open(`${shop}/`);
    await choose(page, 'Coffee club', 'Buy now', { testClock: true });
    await payOnPage(page, '4000 0000 0000 0341', /^Start trial/);
    const id = await backAtShop(page);
    await pwExpect(page.locator('#status')).toHaveText('subscribed', { timeout: 30_000 });

    await advanceClock(page, 8);
    await orderWhen(id, 'past_due', (o) => o.events.includes('subscription.past_due'));
    for (const days of [1, 2, 2]) await advanceClock(page, days);
    const ended = await orderWhen(id, 'canceled', (o) => o.events.includes('subscription.canceled') && Object.keys(o.charges).length === 4);
    expect(ended.subscription_status).toBe('canceled');
    expect(Object.values(ended.charges).map((c) => c.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
  });

  it('a J5 hold captured in part from the shop: charge.captured and a document for what was taken', async () => {
    const page = await open(`${shop}/`);
    await choose(page, 'Galilee olive oil', 'Reserve (pay on pickup)');
    await payOnPage(page, '4242 4242 4242 4242', /^Authorize ₪49\.00/);
    const id = await backAtShop(page);
    await pwExpect(page.locator('#status')).toHaveText('authorized', { timeout: 30_000 });
    await page.getByLabel(/Capture amount/).fill('3000');
    await page.getByRole('button', { name: 'Capture' }).click();
    const captured = await orderWhen(id, 'the capture', (o) => o.events.includes('charge.captured'));
    expect(Object.values(captured.charges)).toEqual([expect.objectContaining({ amount_captured: 3000 })]);
    expect(captured.status).toBe('paid');
    const document = await kupa.GET('/v1/documents/{id}', { params: { path: { id: captured.documents[0] } } });
    expect(document.data!.data).toMatchObject({ type: 'tax_invoice_receipt', total: 3000 });
  });

  it('a refund from the shop: the order is refunded and a credit document issued', async () => {
    const page = await open(`${shop}/orders/${paidOrder}`);
    await page.getByRole('button', { name: 'Refund' }).click();
    const refunded = await orderWhen(paidOrder, 'the refund', (o) => o.status === 'refunded');
    expect(refunded.documents).toHaveLength(2);
    const credit = await kupa.GET('/v1/documents/{id}', { params: { path: { id: refunded.documents[1] } } });
    expect(credit.data!.data).toMatchObject({ type: 'credit_invoice', total: -4900 });
  });

  it('two stacked coupon codes and an automatic discount: the charge is the total the page showed', async () => {
    const stamp = Date.now().toString(36).toUpperCase();
    const discounts = await Promise.all([
      kupa.POST('/v1/discounts', { body: { name: 'Ten percent', code: `TEN${stamp}`, percent_off: 10 } }),
      kupa.POST('/v1/discounts', { body: { name: 'Five shekels', code: `FIVE${stamp}`, amount_off: 500, currency: 'ils' } }),
      kupa.POST('/v1/discounts', { body: { name: 'Store-wide', automatic: true, percent_off: 5 } }),
    ]);
    try {
      const page = await open(`${shop}/`);
      await choose(page, 'Galilee olive oil', 'Buy now');
      for (const code of [`TEN${stamp}`, `FIVE${stamp}`]) {
        await page.getByLabel('Discount code').fill(code);
        await page.getByRole('button', { name: 'Apply' }).click();
        await pwExpect(page.getByRole('button', { name: `Remove ${code}` })).toBeVisible();
      }
      const shown = (await page.getByTestId('amount-due').textContent())!;
      const total = Math.round(Number(shown.replace(/[^0-9.]/g, '')) * 100);
      expect(total).toBeLessThan(4900 - 500);
      await screenshot(page, 'demo-stacked-discounts');
      await payOnPage(page, '4242 4242 4242 4242', new RegExp(`^Pay ${shown.replace('.', '\\.')}`));
      const id = await backAtShop(page);
      const paid = await orderWhen(id, 'payment', (o) => o.status === 'paid');
      expect(Object.values(paid.charges)).toEqual([expect.objectContaining({ amount: total })]);
    } finally {
      for (const discount of discounts)
        await kupa.POST('/v1/discounts/{id}/deactivate', { params: { path: { id: discount.data!.data.id } } });
    }
  });
});
