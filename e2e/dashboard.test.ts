import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect as pwExpect } from '@playwright/test';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKupaClient, type KupaClient } from '@kupa/sdk';
import { totpCode } from '../services/api/src/modules/team/domain/totp';
import { expectAccessible, hebrewShekels, openPage, screenshot, type WatchedPage } from './support/browser';
import { freePort } from './support/service';
import { type Shop, startShop } from './support/shop';
import { waitFor } from './support/wait';

// The merchant dashboard (DESIGN §3d) as a shop owner and their team use it, in real Chromium against
// `pnpm start`: the issue's "done when" and the browser side of people, roles and money actions.
let shop: Shop;
let browser: Browser;
let kupa: KupaClient;
let apiUrl: string;
let database: pg.Client;
let signInLink: string;
const opened: WatchedPage[] = [];
const OWNER_PASSWORD = 'a long owner password 2026';

beforeAll(async () => {
  const pgPort = await freePort();
  shop = await startShop({ EMBEDDED_PG_PORT: String(pgPort) });
  ({ apiUrl, kupa, browser } = shop);
  [, signInLink] = await shop.service.waitFor(/Dashboard:\s+(\S+)/);
  const password = readFileSync(join(shop.dataDir, 'postgres.password'), 'utf8').trim();
  database = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/kupa` });
  await database.connect();
}, 240_000);

afterAll(async () => {
  await database?.end();
  await shop?.close();
  // The dashboard loads nothing from any other host, and logs no error.
  for (const watched of opened) {
    // An API refusal the page handles (a 401 before sign-in, a 403 the test provokes) is not an error of the page.
    expect(watched.errors.filter((error) => !/^Failed to load resource: the server responded with a status of 4\d\d/.test(error))).toEqual(
      [],
    );
    for (const url of watched.requests) expect(new URL(url).origin).toBe(new URL(apiUrl).origin);
  }
});

async function open(url: string, options: Parameters<typeof openPage>[1] = {}): Promise<Page> {
  const watched = await openPage(browser, options);
  opened.push(watched);
  await watched.page.goto(url);
  return watched.page;
}

/** The link of the newest invitation email to `email`. */
const invitation = (email: string) =>
  waitFor(async () => {
    const { rows } = await database.query<{ text_body: string }>(
      `select text_body from email_outbox where kind = 'invitation' and recipient = $1 order by created_at desc limit 1`,
      [email],
    );
    return rows[0]?.text_body.match(/http\S+#\S+/)?.[0];
  });

/** A test payment on the hosted checkout page, as a shopper makes it; its charge id. */
async function pay(amount: number, card = '4242 4242 4242 4242', manual = false): Promise<string> {
  const customer = (await kupa.POST('/v1/customers', { body: { name: 'Dana Levi', email: 'dana@example.co.il' } })).data!.data.id;
  const session = (
    await kupa.POST('/v1/checkout_sessions', {
      body: {
        customer,
        success_url: 'https://shop.example.co.il/thanks',
        cancel_url: 'https://shop.example.co.il/cart',
        line_items: [{ name: 'Ceramic vase', amount_agorot: amount }],
        locale: 'en',
        ...(manual ? { capture_method: 'manual' as const } : {}),
      },
    })
  ).data!.data;
  const { page, context } = await openPage(browser);
  await page.goto(session.url);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /₪/ }).click();
  await page.waitForURL('https://shop.example.co.il/thanks**', { waitUntil: 'commit' }).catch(() => undefined);
  await context.close();
  return waitFor(
    async () => (await kupa.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.charge ?? undefined,
  );
}

let owner: Page;
/** The ₪10 payment of the first journey. */
let small: string;
/** The ₪500 hold, of which ₪300 is captured. */
let held: string;

/** Presses Tab until the focused element is the one named (by its text, label or placeholder), as a keyboard user would. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return '';
      const label = el.closest('label')?.textContent ?? el.getAttribute('aria-label') ?? '';
      return `${el.textContent ?? ''}|${label}|${el.getAttribute('placeholder') ?? ''}`;
    });
    if (focused.includes(name)) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

describe('the done-when journey', () => {
  it('the printed link lets the owner choose a password; a test payment is found by its last four digits and half refunded, once', async () => {
    expect(signInLink).toMatch(new RegExp(`^${apiUrl}/dashboard/accept\\?lang=he#inv_\\w+$`));
    owner = await open(signInLink, { viewport: { width: 1280, height: 900 } });
    await pwExpect(owner.getByRole('heading', { name: 'הצטרפות ללוח הבקרה' })).toBeVisible();
    await expectAccessible(owner);
    await owner.getByLabel('השם שלך').fill('Noa Levi');
    await owner.getByLabel('בחרו סיסמה').fill(OWNER_PASSWORD);
    await owner.getByRole('button', { name: 'הצטרפות' }).click();
    await pwExpect(owner.getByRole('heading', { name: 'ראשי' })).toBeVisible();
    await pwExpect(owner.getByText('מצב בדיקה: אין כאן כסף אמיתי')).toBeVisible();

    const charge = await pay(24_000, '5555 5555 5555 4444');
    small = await pay(1_000);
    await owner.getByRole('link', { name: 'תשלומים' }).click();
    await owner.getByRole('searchbox').fill('4444');
    await owner.getByRole('button', { name: 'סינון' }).click();
    const rows = owner.locator('table.list tbody tr');
    await pwExpect(rows).toHaveCount(1);
    await pwExpect(rows.first()).toContainText(hebrewShekels('240.00'));
    await expectAccessible(owner);
    await screenshot(owner, 'dashboard-he-payments');
    await rows.first().getByRole('link').click();
    await pwExpect(owner.getByRole('heading', { name: hebrewShekels('240.00') })).toBeVisible();

    await owner.getByLabel('סכום ההחזר (₪)').fill('120');
    await owner.getByRole('button', { name: 'החזר', exact: true }).click();
    const dialog = owner.getByRole('dialog');
    await pwExpect(dialog).toContainText(hebrewShekels('120.00'));
    await screenshot(owner, 'dashboard-he-refund');
    // A double click on the confirmation: one refund.
    await dialog.getByRole('button', { name: 'אישור' }).dblclick();
    await pwExpect(dialog).toBeHidden();
    const refunds = await waitFor(async () => {
      const list = (await kupa.GET('/v1/refunds', { params: { query: { charge } } })).data!.data;
      return list.length > 0 ? list : undefined;
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await kupa.GET('/v1/refunds', { params: { query: { charge } } })).data!.data).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 12_000, status: 'succeeded' });
    expect((await kupa.GET('/v1/charges/{id}', { params: { path: { id: charge } } })).data!.data.amount_refunded).toBe(12_000);
    // The credit document is there, and downloads as a PDF once it is made.
    await pwExpect(owner.getByRole('button', { name: 'מסמך PDF' })).toBeVisible();
    const pdf = await waitFor(async () => {
      const [download] = await Promise.all([
        owner.waitForEvent('download', { timeout: 3_000 }).catch(() => undefined),
        owner.getByRole('button', { name: 'מסמך PDF' }).click(),
      ]);
      return download;
    }, 60_000);
    expect(pdf.suggestedFilename()).toMatch(/^test-.*\.pdf$/);
    await screenshot(owner, 'dashboard-he-payment');
  });

  it('a viewer invited from the team page cannot refund, and the audit log shows both actions', async () => {
    await owner.getByRole('link', { name: 'צוות' }).click();
    await owner.getByLabel('אימייל').fill('vera@example.co.il');
    await owner.getByLabel('תפקיד', { exact: true }).selectOption('viewer');
    await owner.getByRole('button', { name: 'הזמנה' }).click();
    await pwExpect(owner.getByText('ההזמנה נשלחה')).toBeVisible();
    await pwExpect(owner.getByRole('cell', { name: 'vera@example.co.il' })).toBeVisible();

    const viewer = await open(await invitation('vera@example.co.il'), { viewport: { width: 360, height: 740 } });
    await viewer.getByLabel('השם שלך').fill('Vera');
    await viewer.getByLabel('בחרו סיסמה').fill('a long viewer password');
    await viewer.getByRole('button', { name: 'הצטרפות' }).click();
    await viewer.getByRole('link', { name: 'תשלומים' }).click();
    await viewer.getByRole('searchbox').fill('4444');
    await viewer.getByRole('button', { name: 'סינון' }).click();
    await pwExpect(viewer.locator('table.list tbody tr')).toHaveCount(1);
    await viewer.locator('table.list tbody tr').first().getByRole('link').click();
    await pwExpect(viewer.getByRole('heading', { name: hebrewShekels('240.00') })).toBeVisible();
    await pwExpect(viewer.getByRole('button', { name: 'החזר', exact: true })).toHaveCount(0);
    await pwExpect(viewer.getByRole('link', { name: 'יומן פעולות' })).toHaveCount(0);
    // Through the API the page talks to, the refund is refused too.
    const chargeId = viewer.url().split('/').pop()!;
    const refused = await viewer.evaluate(async (id) => {
      const session = await (await fetch('/v1/dashboard/session')).json();
      const res = await fetch(`/v1/charges/${id}/refunds`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': session.data.csrf_token },
        body: '{}',
      });
      return { status: res.status, body: await res.json() };
    }, chargeId);
    expect(refused).toMatchObject({ status: 403, body: { error: { code: 'permission_denied' } } });
    await screenshot(viewer, 'dashboard-he-viewer-phone');

    await owner.getByRole('link', { name: 'יומן פעולות' }).click();
    const log = owner.locator('table.list tbody');
    await pwExpect(log).toContainText('inviteUser');
    await pwExpect(log).toContainText('createRefund');
    // The refund's row names the refund it made; the viewer's refused refund is there too, with why.
    await pwExpect(log.locator('tr', { hasText: 'createRefund' }).filter({ hasText: /re_\w+/ })).toHaveCount(1);
    await pwExpect(log.locator('tr', { hasText: 'permission_denied' }).filter({ hasText: 'vera@example.co.il' })).toContainText(
      'createRefund',
    );
    await expectAccessible(owner);
    await screenshot(owner, 'dashboard-he-audit');
  });
});

describe('money and documents', () => {
  it('captures part of a J5 hold, with its deadline shown', async () => {
    held = await pay(50_000, '4242 4242 4242 4242', true);
    await owner.goto(`${apiUrl}/dashboard/payments/${held}`);
    await pwExpect(owner.getByText('המסגרת בתוקף עד')).toBeVisible();
    await owner.getByLabel('סכום לגבייה (₪)').fill('300');
    await owner.getByRole('button', { name: 'גבייה' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'אישור' }).click();
    await pwExpect(owner.getByRole('heading', { name: /שולם/ })).toBeVisible();
    expect((await kupa.GET('/v1/charges/{id}', { params: { path: { id: held } } })).data!.data).toMatchObject({
      status: 'succeeded',
      amount_captured: 30_000,
    });
  });

  it('refunds in full on a 360 px phone', async () => {
    await owner.setViewportSize({ width: 360, height: 740 });
    await owner.goto(`${apiUrl}/dashboard/payments`);
    await expectAccessible(owner);
    await screenshot(owner, 'dashboard-he-payments-phone');
    await owner.goto(`${apiUrl}/dashboard/payments/${small}`);
    await owner.getByRole('button', { name: 'החזר', exact: true }).click();
    await pwExpect(owner.getByRole('dialog')).toContainText(hebrewShekels('10.00'));
    await owner.getByRole('dialog').getByRole('button', { name: 'אישור' }).click();
    await pwExpect(owner.getByRole('heading', { name: /הוחזר/ })).toBeVisible();
    await screenshot(owner, 'dashboard-he-refunded-phone');
    expect((await kupa.GET('/v1/charges/{id}', { params: { path: { id: small } } })).data!.data.amount_refunded).toBe(1_000);
    await owner.setViewportSize({ width: 1280, height: 900 });
  });

  it('signs in and refunds with the keyboard alone', async () => {
    const page = await open(`${apiUrl}/dashboard/?lang=en`, { viewport: { width: 1280, height: 900 } });
    await pwExpect(page.getByRole('heading', { name: 'Sign in to the dashboard' })).toBeVisible();
    await tabTo(page, 'Email');
    await page.keyboard.type('owner@example.com');
    await page.keyboard.press('Tab');
    await page.keyboard.type(OWNER_PASSWORD);
    await page.keyboard.press('Enter');
    await pwExpect(page.getByRole('heading', { name: 'Home' })).toBeVisible();
    await tabTo(page, 'Payments');
    await page.keyboard.press('Enter');
    await tabTo(page, 'Search by id');
    await page.keyboard.type(held);
    await page.keyboard.press('Enter');
    await pwExpect(page.getByRole('heading', { name: /₪500\.00/ })).toBeVisible();
    await tabTo(page, 'Amount to refund');
    await page.keyboard.type('5');
    await page.keyboard.press('Enter');
    await pwExpect(page.getByRole('dialog')).toContainText('₪5.00');
    // The dialog takes the focus, on its confirmation.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Confirm');
    await page.keyboard.press('Enter');
    await pwExpect(page.getByRole('dialog')).toBeHidden();
    await pwExpect(page.getByRole('heading', { name: /Partially refunded/ })).toBeVisible();
    expect((await kupa.GET('/v1/charges/{id}', { params: { path: { id: held } } })).data!.data.amount_refunded).toBe(500);
  });

  it("the home page shows today's money as the documents count it", async () => {
    await owner.goto(`${apiUrl}/dashboard/`);
    const summary = (await kupa.GET('/v1/summary')).data!.data;
    // ₪240 and ₪10 taken, ₪300 of a ₪500 hold captured; ₪120, ₪10 and ₪5 returned.
    expect(summary.today).toMatchObject({ sales: 24_000 + 1_000 + 30_000, refunds: 12_000 + 1_000 + 500 });
    const today = owner.getByRole('article', { name: 'היום' });
    await pwExpect(today.locator('[data-figure="sales"]')).toHaveText(hebrewShekels('550.00', { exact: true }));
    await pwExpect(today.locator('[data-figure="refunds"]')).toHaveText(hebrewShekels('135.00', { exact: true }));
    await pwExpect(today.locator('[data-figure="net"]')).toHaveText(hebrewShekels('415.00', { exact: true }));
    await expectAccessible(owner);
    await screenshot(owner, 'dashboard-he-home');
  });

  it("filters by amount and finds by the customer's email; the period's export downloads", async () => {
    await owner.goto(`${apiUrl}/dashboard/payments`);
    await owner.getByLabel('סכום מינימלי (₪)').fill('200');
    await owner.getByRole('button', { name: 'סינון' }).click();
    await pwExpect(owner.locator('table.list tbody tr')).toHaveCount(2);
    await owner.getByLabel('סכום מינימלי (₪)').fill('');
    await owner.getByRole('searchbox').fill('dana@example.co.il');
    await owner.getByRole('button', { name: 'סינון' }).click();
    await pwExpect(owner.locator('table.list tbody tr')).toHaveCount(1);

    await owner.getByRole('link', { name: 'מסמכים' }).click();
    await pwExpect(owner.locator('table.list tbody tr').first()).toBeVisible();
    const [csv] = await Promise.all([owner.waitForEvent('download'), owner.getByRole('button', { name: 'CSV' }).click()]);
    expect(csv.suggestedFilename()).toMatch(/^documents-test-\d{4}-\d{2}-01-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = readFileSync((await csv.path())!, 'utf8');
    const numbers = await owner.locator('table.list tbody tr td:first-child').allTextContents();
    for (const number of numbers) expect(text).toContain(number);
    await expectAccessible(owner);
    await screenshot(owner, 'dashboard-he-documents');
  });
});

describe('the catalog, customers and subscriptions', () => {
  it('creates a product with two monthly prices, archives and restores it, and a discount that is then deactivated', async () => {
    await owner.goto(`${apiUrl}/dashboard/products`);
    await owner.getByLabel('שם', { exact: true }).fill('Olive club');
    await owner.getByRole('button', { name: 'מוצר חדש' }).click();
    await pwExpect(owner.getByRole('heading', { name: 'Olive club' })).toBeVisible();
    for (const amount of ['49', '99']) {
      await owner.getByLabel('מחיר (₪, כולל מע״מ)').fill(amount);
      await owner.getByRole('button', { name: 'מחיר חדש' }).click();
      await pwExpect(owner.getByText(new RegExp(`${hebrewShekels(`${amount}.00`).source} · חודשי`))).toBeVisible();
    }
    await owner.getByRole('button', { name: 'העברה לארכיון' }).first().click();
    await pwExpect(owner.getByRole('heading', { name: /Olive club/ })).toContainText('בארכיון');
    await owner.getByRole('button', { name: 'החזרה מהארכיון' }).first().click();
    await pwExpect(owner.getByRole('heading', { name: /Olive club/ })).not.toContainText('בארכיון');
    await expectAccessible(owner);
    await screenshot(owner, 'dashboard-he-product');

    await owner.getByRole('link', { name: 'הנחות' }).click();
    await owner.getByLabel('שם', { exact: true }).fill('Welcome');
    await owner.getByLabel('קוד').fill('WELCOME10');
    await owner.getByLabel('אחוז הנחה').fill('10');
    await owner.getByRole('button', { name: 'הנחה חדשה' }).click();
    const row = owner.locator('tr', { hasText: 'WELCOME10' });
    await pwExpect(row).toContainText('10%');
    await row.getByRole('button', { name: 'השבתה WELCOME10' }).click();
    await pwExpect(row).toContainText('לא פעילה');
    await expectAccessible(owner);
  });

  it('creates and edits a customer, and makes a payment link to send them', async () => {
    await owner.goto(`${apiUrl}/dashboard/customers`);
    await owner.getByText('לקוח חדש').click();
    await owner.getByLabel('שם', { exact: true }).fill('Avi Mizrahi');
    await owner.getByLabel('אימייל', { exact: true }).fill('avi@example.co.il');
    await owner.getByRole('button', { name: 'יצירה' }).click();
    await pwExpect(owner.getByRole('heading', { name: 'Avi Mizrahi' })).toBeVisible();
    await owner.getByLabel('טלפון').fill('052-555-7777');
    await owner.getByRole('button', { name: 'שמירה' }).click();
    await pwExpect(owner.getByText('נשמר')).toBeVisible();
    const id = owner.url().split('/').pop()!;
    expect((await kupa.GET('/v1/customers/{id}', { params: { path: { id } } })).data!.data.phone).toBe('+972525557777');

    await owner.getByLabel('תיאור').fill('Olive oil, 3 l');
    await owner.getByLabel('סכום (₪)').fill('180');
    await owner.getByLabel('כתובת החזרה באתר שלכם').fill('https://shop.example.co.il/thanks');
    await owner.getByRole('button', { name: 'יצירה' }).click();
    const link = (await owner.getByRole('status').locator('code').textContent())!;
    expect(link).toMatch(new RegExp(`^${shop.checkoutUrl}/checkout/co_\\w+$`));
    const sessionId = link.split('/').pop()!;
    const session = (await kupa.GET('/v1/checkout_sessions/{id}', { params: { path: { id: sessionId } } })).data!.data;
    expect(session).toMatchObject({ customer: id, amount_total: 18_000 });
    await expectAccessible(owner);
    await screenshot(owner, 'dashboard-he-customer');
  });

  it('changes a plan after its preview, pauses and resumes collection, and cancels at the period end', async () => {
    const product = (await kupa.POST('/v1/products', { body: { name: 'Studio plan' } })).data!.data.id;
    const price = async (amount: number) =>
      (
        await kupa.POST('/v1/prices', {
          body: { product, unit_amount: amount, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
        })
      ).data!.data.id;
    const [basic, pro] = [await price(4_900), await price(9_900)];
    const customer = (await kupa.POST('/v1/customers', { body: { name: 'Noa', email: 'noa@example.co.il' } })).data!.data.id;
    const card = (await kupa.POST('/v1/payment_methods', { body: { customer, token: 'tok_visa' } })).data!.data.id;
    const subscription = (await kupa.POST('/v1/subscriptions', { body: { customer, payment_method: card, price: basic } })).data!.data.id;
    const read = async () => (await kupa.GET('/v1/subscriptions/{id}', { params: { path: { id: subscription } } })).data!.data;

    await owner.goto(`${apiUrl}/dashboard/subscriptions/${subscription}`);
    await owner.getByLabel('תוכנית', { exact: true }).selectOption(pro);
    await owner.getByRole('button', { name: 'תצוגה מקדימה' }).click();
    await pwExpect(owner.getByText('לתשלום:')).toBeVisible();
    await expectAccessible(owner);
    await screenshot(owner, 'dashboard-he-plan-change');
    await owner.getByRole('button', { name: 'החלפת תוכנית' }).last().click();
    await owner.getByRole('dialog').getByRole('button', { name: 'אישור' }).dblclick();
    await pwExpect(owner.getByRole('dialog')).toBeHidden();
    await waitFor(async () => ((await read()).price === pro ? true : undefined));
    // One change, charged once.
    const upgrades = (await kupa.GET('/v1/charges', { params: { query: { customer } } })).data!.data;
    expect(upgrades).toHaveLength(2);

    await owner.getByRole('button', { name: 'השהיית גבייה' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'אישור' }).click();
    await pwExpect(owner.getByRole('button', { name: 'חידוש גבייה' })).toBeVisible();
    expect((await read()).pause_collection).toMatchObject({ behavior: 'void' });
    await owner.getByRole('button', { name: 'חידוש גבייה' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'אישור' }).click();
    await pwExpect(owner.getByRole('button', { name: 'השהיית גבייה' })).toBeVisible();
    expect((await read()).pause_collection).toBeNull();

    await owner.getByRole('button', { name: 'ביטול בסוף התקופה' }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'אישור' }).click();
    await pwExpect(owner.getByRole('button', { name: 'ביטול בסוף התקופה' })).toHaveCount(0);
    expect((await read()).cancel_at_period_end).toBe(true);
  });

  it('sets the business profile and the support refund limit', async () => {
    await owner.goto(`${apiUrl}/dashboard/settings`);
    await owner.getByLabel('שם העסק הרשום').fill('Olive Grove Ltd');
    await owner.getByLabel('מספר עוסק / ח״פ').fill('516179157');
    await owner.getByLabel('סוג עוסק').selectOption('company');
    await owner.getByLabel('כתובת', { exact: true }).fill('Herzl 12');
    await owner.getByLabel('עיר').fill('Haifa');
    await owner.getByLabel('מיקוד').fill('3303101');
    await owner.getByRole('button', { name: 'שמירה' }).first().click();
    await pwExpect(owner.getByRole('status')).toHaveText('נשמר');
    await owner.getByLabel('החזר מרבי לתפקיד תמיכה (₪)').fill('750');
    await owner.getByRole('button', { name: 'שמירה' }).nth(1).click();
    await pwExpect(owner.getByLabel('החזר מרבי לתפקיד תמיכה (₪)')).toHaveValue('750.00');
    // A logo uploaded from the page, and how the customer portal cancels.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
    await owner.getByLabel('לוגו').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
    await pwExpect(owner.getByRole('link', { name: /\/logos\/logo_/ })).toBeVisible();
    await owner.getByLabel('ביטול מהפורטל').selectOption('immediately');
    await owner.getByLabel('יקר מדי').check();
    await owner.getByRole('button', { name: 'שמירה' }).nth(2).click();
    const account = await waitFor(async () => {
      const read = (await kupa.GET('/v1/account')).data!.data;
      return read.portal.cancel_mode === 'immediately' ? read : undefined;
    });
    expect(account.business_profile).toMatchObject({ legal_name: 'Olive Grove Ltd', business_number: '516179157', dealer_type: 'company' });
    expect(account.support_refund_limit).toBe(75_000);
    expect(account.branding.logo_url).toMatch(/\/logos\/logo_\w+$/);
    // The reasons offered before (the defaults), and the one checked.
    expect(account.portal.cancellation_reasons).toEqual(['too_expensive', 'missing_features', 'switched_service', 'unused', 'other']);
    await expectAccessible(owner);
    await screenshot(owner, 'dashboard-he-settings');
  });
});

describe('developers', () => {
  it('a failed delivery is shown with its answer and sent again', async () => {
    const { site } = shop;
    site.webhooksDown = true;
    await owner.goto(`${apiUrl}/dashboard/webhooks`);
    await owner.getByLabel('כתובת').fill(`${site.origin}/webhooks`);
    await owner.getByLabel(/סוגי אירועים/).fill('customer.updated');
    await owner.getByRole('button', { name: 'הוספת כתובת' }).click();
    await pwExpect(owner.getByText('הסוד החדש (מוצג פעם אחת בלבד):')).toBeVisible();
    const customer = (await kupa.POST('/v1/customers', { body: { name: 'Webhook test', email: 'hook@example.co.il' } })).data!.data.id;
    await kupa.POST('/v1/customers/{id}', { params: { path: { id: customer } }, body: { phone: '052-555-1234' } });
    const endpoint = (await kupa.GET('/v1/webhooks')).data!.data.find((e) => e.url === `${site.origin}/webhooks`)!;
    // Every attempt fails (the retries are 200 ms apart here) and the delivery is abandoned.
    await waitFor(async () => {
      const log = (await kupa.GET('/v1/webhooks/{id}/deliveries', { params: { path: { id: endpoint.id } } })).data!.data;
      return log.some((d) => d.outcome === 'abandoned') ? log : undefined;
    });
    site.webhooksDown = false;
    await owner.getByRole('link', { name: `${site.origin}/webhooks` }).click();
    const newest = owner.locator('.deliveries li').first();
    await newest.locator('summary').click();
    await pwExpect(newest).toContainText('down for maintenance');
    await pwExpect(newest.locator('pre').first()).toContainText(customer);
    await expectAccessible(owner);
    await screenshot(owner, 'dashboard-he-deliveries');
    await newest.getByRole('button', { name: 'שליחה חוזרת' }).click();
    await pwExpect(owner.getByText('נשלח שוב')).toBeVisible();
    await site.waitForEvent('customer.updated', (e) => JSON.stringify(e.data).includes(customer));
    await pwExpect(owner.locator('.deliveries li').first()).toContainText('נמסר');
  });

  it('a key is rolled, and the old key is refused', async () => {
    await owner.goto(`${apiUrl}/dashboard/developers`);
    await owner.getByLabel('הרשאה').selectOption('full');
    await owner.getByRole('button', { name: 'יצירת מפתח' }).click();
    const secret = (await owner.getByRole('status').locator('code').textContent())!;
    expect(secret).toMatch(/^sk_test_\w{32}$/);
    const client = createKupaClient({ baseUrl: apiUrl, apiKey: secret, maxRetries: 0 });
    expect((await client.GET('/v1/account')).response.status).toBe(200);
    await owner.getByRole('button', { name: `החלפה …${secret.slice(-4)}` }).click();
    await owner.getByRole('dialog').getByRole('button', { name: 'אישור' }).click();
    await pwExpect(owner.getByRole('status').locator('code')).not.toHaveText(secret);
    const rolled = (await owner.getByRole('status').locator('code').textContent())!;
    expect((await client.GET('/v1/account')).response.status).toBe(401);
    expect((await createKupaClient({ baseUrl: apiUrl, apiKey: rolled, maxRetries: 0 }).GET('/v1/account')).response.status).toBe(200);
    // The request log shows the roll and the new key's request (a refused key names no account, so it is in no account's log).
    await owner.reload();
    const log = owner.locator('table.list').last();
    await pwExpect(log.locator('tr', { hasText: '/roll' })).toContainText('POST');
    await pwExpect(log.locator('tr', { hasText: 'GET/v1/account' }).first()).toContainText('200');
    await expectAccessible(owner);
    await screenshot(owner, 'dashboard-he-developers');
  });
});

describe('sign-in, two-factor and attacks', () => {
  it('the owner turns on two-factor, signs in with a code in English, and signs out everywhere', async () => {
    await owner.goto(`${apiUrl}/dashboard/security`);
    await owner.getByRole('button', { name: 'הפעלת אימות דו־שלבי' }).click();
    const secret = (await owner.locator('code').first().textContent())!;
    await owner.getByLabel('קוד מאפליקציית האימות').fill(totpCode(secret, new Date()));
    await owner.getByRole('button', { name: 'הפעלה' }).click();
    await pwExpect(owner.getByText('אימות דו־שלבי פעיל')).toBeVisible();

    const english = await open(`${apiUrl}/dashboard/?lang=en`, { viewport: { width: 1280, height: 900 } });
    await english.getByLabel('Email').fill('owner@example.com');
    await english.getByLabel('Password').fill(OWNER_PASSWORD);
    await english.getByRole('button', { name: 'Sign in' }).click();
    // The code of the next step: the one that turned two-factor on is spent.
    await english.getByLabel('Code from your authenticator app').fill(totpCode(secret, new Date(Date.now() + 30_000)));
    await english.getByRole('button', { name: 'Sign in' }).click();
    await pwExpect(english.getByRole('heading', { name: 'Home' })).toBeVisible();
    await screenshot(english, 'dashboard-en-home');
    await english.getByRole('link', { name: 'Payments' }).click();
    await english.getByLabel('Live mode').click();
    await pwExpect(english.getByLabel('Live mode')).toBeChecked();
    await pwExpect(english.getByText('Test mode: no real money here')).toHaveCount(0);
    await english.getByLabel('Test mode').click();
    await pwExpect(english.getByLabel('Test mode')).toBeChecked();
    await pwExpect(english.getByText('Test mode: no real money here')).toBeVisible();
    await expectAccessible(english);
    await screenshot(english, 'dashboard-en-payments');
    await english.locator('table.list tbody tr').first().getByRole('link').click();
    await pwExpect(english.getByRole('heading', { name: /₪/ })).toBeVisible();
    await screenshot(english, 'dashboard-en-payment');

    await english.getByRole('link', { name: 'Security' }).click();
    await english.getByRole('button', { name: 'Sign out everywhere' }).last().click();
    await pwExpect(english.getByRole('heading', { name: 'Sign in to the dashboard' })).toBeVisible();
    // The Hebrew tab's session ended too: its next request shows the sign-in page.
    await owner.reload();
    await pwExpect(owner.getByRole('heading', { name: 'כניסה ללוח הבקרה' })).toBeVisible();
  });

  it('five wrong passwords lock the email out, with the same words for an email no one has', async () => {
    const page = await open(`${apiUrl}/dashboard/?lang=en`);
    for (const email of ['owner@example.com', 'nobody@example.com']) {
      for (let i = 0; i < 5; i++) {
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(`wrong password ${i}`);
        await page.getByRole('button', { name: 'Sign in' }).click();
        await pwExpect(page.getByRole('alert')).toHaveText('Incorrect email or password');
        await page.getByLabel('Password').fill('');
      }
      await page.getByLabel('Password').fill(OWNER_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await pwExpect(page.getByRole('alert')).toContainText('Too many failed sign-ins');
    }
    // A Hebrew page says it in Hebrew: the API's English words never show there.
    const hebrew = await open(`${apiUrl}/dashboard/?lang=he`);
    await hebrew.getByLabel('אימייל').fill('someone@example.com');
    await hebrew.getByLabel('סיסמה').fill('a wrong password');
    await hebrew.getByRole('button', { name: 'כניסה' }).click();
    await pwExpect(hebrew.getByRole('alert')).toHaveText('האימייל או הסיסמה שגויים');
  });

  it('a write from another site carries no session and changes nothing', async () => {
    const before = (await kupa.GET('/v1/customers', { params: { query: { limit: 100 } } })).data!.data.length;
    // Not watched: this page goes on to visit another site on purpose.
    const { page: viewer, context } = await openPage(browser);
    await viewer.goto(`${apiUrl}/dashboard/?lang=en`);
    await viewer.getByLabel('Email').fill('vera@example.co.il');
    await viewer.getByLabel('Password').fill('a long viewer password');
    await viewer.getByRole('button', { name: 'Sign in' }).click();
    await pwExpect(viewer.getByRole('heading', { name: 'Home' })).toBeVisible();
    // Another site, in the same browser, posts a form to the API.
    await viewer.goto(`${shop.site.origin}/`);
    const status = await viewer.evaluate(async (api) => {
      const res = await fetch(`${api}/v1/customers`, {
        method: 'POST',
        credentials: 'include',
        mode: 'no-cors',
        body: '{"name":"Forged"}',
      });
      return res.type;
    }, apiUrl);
    expect(status).toBe('opaque');
    await context.close();
    expect((await kupa.GET('/v1/customers', { params: { query: { limit: 100 } } })).data!.data.length).toBe(before);
  });
});
