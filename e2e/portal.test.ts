import { readFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { join } from 'node:path';
import { expect as pwExpect } from '@playwright/test';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { expectAccessible, openPage, screenshot, type WatchedPage } from './support/browser';
import type { MerchantSite } from './support/merchant-site';
import { freePort } from './support/service';
import { type Shop, startShop } from './support/shop';
import { waitFor } from './support/wait';

// The customer portal (DESIGN §3d) as a subscriber uses it, in real Chromium against `pnpm start`.
let shop: Shop;
let browser: Browser;
let site: MerchantSite;
let kupa: KupaClient;
let apiUrl: string;
let checkoutUrl: string;
let database: pg.Client;
let basic: string;
let pro: string;
const opened: WatchedPage[] = [];

beforeAll(async () => {
  const pgPort = await freePort();
  shop = await startShop({ EMBEDDED_PG_PORT: String(pgPort) });
  ({ apiUrl, checkoutUrl, kupa, site, browser } = shop);
  await kupa.POST('/v1/webhooks', { body: { url: `${site.origin}/webhooks`, events: ['subscription.updated', 'charge.succeeded'] } });
  const password = readFileSync(join(shop.dataDir, 'postgres.password'), 'utf8').trim();
  database = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/kupa` });
  await database.connect();
  basic = await price('Basic', 4_900);
  pro = await price('Pro', 9_900);
  const settings = await kupa.POST('/v1/account', { body: { portal: { allowed_prices: [basic, pro] } } });
  expect(settings.error).toBeUndefined();
}, 240_000);

afterAll(async () => {
  await database?.end();
  await shop?.close();
  // The portal loads nothing from any host but the checkout host and the API, and logs no error.
  for (const watched of opened) {
    expect(watched.errors).toEqual([]);
    for (const url of watched.requests) expect([new URL(apiUrl).origin, new URL(checkoutUrl).origin]).toContain(new URL(url).origin);
  }
});

async function price(name: string, unit_amount: number): Promise<string> {
  const product = (await kupa.POST('/v1/products', { body: { name } })).data!.data.id;
  const created = await kupa.POST('/v1/prices', {
    body: { product, unit_amount, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
  });
  return created.data!.data.id;
}

/** A subscriber on a test clock at April 1 with a saved card: `token` decides how its renewals go. */
async function subscriber(token = 'tok_visa', planPrice = basic) {
  const clock = (await kupa.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: '2026-04-01T00:00:00Z' } })).data!.data.id;
  const customer = (await kupa.POST('/v1/customers', { body: { name: 'Noa Cohen', email: 'noa@example.co.il', test_clock: clock } })).data!
    .data.id;
  const card = (await kupa.POST('/v1/payment_methods', { body: { customer, token } })).data!.data.id;
  const subscription = (await kupa.POST('/v1/subscriptions', { body: { customer, payment_method: card, price: planPrice } })).data!.data;
  return { clock, customer, card, subscription };
}

async function portalUrl(customer: string, locale: 'he' | 'en'): Promise<string> {
  const session = await kupa.POST('/v1/billing_portal/sessions', { body: { customer, return_url: `${site.origin}/account`, locale } });
  return session.data!.data.url;
}

async function open(url: string, options: Parameters<typeof openPage>[1] = {}): Promise<Page> {
  const watched = await openPage(browser, options);
  opened.push(watched);
  await watched.page.goto(url);
  return watched.page;
}

const chargesOf = async (customer: string) =>
  (await kupa.GET('/v1/charges', { params: { query: { customer, limit: 100 } } })).data!.data.slice().reverse();

describe('the portal in Hebrew', () => {
  it('a past-due subscriber updates the card and the subscription is active again, with one charge and its document', async () => {
    const { clock, customer, subscription } = await subscriber('tok_renewal_declines');
    await kupa.POST('/v1/test_helpers/test_clocks/{id}/advance', {
      params: { path: { id: clock } },
      body: { frozen_time: '2026-05-01T00:01:00Z' },
    });
    expect((await kupa.GET('/v1/subscriptions/{id}', { params: { path: { id: subscription.id } } })).data!.data.status).toBe('past_due');

    // The subscriber follows the link in the dunning email.
    const email = await waitFor(async () => {
      const { rows } = await database.query<{ text_body: string }>(
        `select text_body from email_outbox where kind = 'dunning' and key like $1`,
        [`dunning:${subscription.id}:%`],
      );
      return rows[0]?.text_body;
    });
    expect(email).toContain('We will try again on 2 May 2026');
    const page = await open(/Update your card: (\S+)/.exec(email)![1]);
    await pwExpect(page.getByRole('heading', { name: 'ניהול המנוי' })).toBeVisible();
    expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['he', 'rtl']);
    await pwExpect(page.getByText('התשלום נכשל', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'he-portal-past-due');

    await page.getByRole('button', { name: 'עדכון כרטיס' }).click();
    await page.getByLabel('מספר כרטיס').fill('4242 4242 4242 4242');
    await page.getByLabel('תוקף').fill('12/34');
    await page.getByLabel('קוד אבטחה').fill('123');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'שמירת הכרטיס' }).click();
    await pwExpect(page.getByRole('status').filter({ hasText: 'הכרטיס נשמר' })).toBeVisible();
    await pwExpect(page.getByText('פעיל', { exact: true }).first()).toBeVisible();
    await screenshot(page, 'he-portal-recovered');

    expect((await kupa.GET('/v1/subscriptions/{id}', { params: { path: { id: subscription.id } } })).data!.data.status).toBe('active');
    const charges = await chargesOf(customer);
    expect(charges.map((charge) => charge.status)).toEqual(['succeeded', 'failed', 'succeeded']);
    await site.waitForEvent('subscription.updated', (event) => (event.data as { status?: string }).status === 'active');

    // The renewal's document, from the payment history.
    const [documentPage] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('link', { name: 'הורדה' }).first().click(),
    ]);
    await documentPage.waitForLoadState();
    await pwExpect(documentPage.getByRole('heading', { name: /חשבונית מס\/קבלה/ })).toBeVisible();
    await pwExpect(documentPage.getByText('Basic')).toBeVisible();
    await documentPage.close();
  });

  it('an expired link says so', async () => {
    const { customer } = await subscriber();
    const url = await portalUrl(customer, 'he');
    await database.query(`update portal_sessions set expires_at = now() - interval '1 second' where id = $1`, [url.split('/').pop()]);
    const page = await open(url, { locale: 'he-IL' });
    await pwExpect(page.getByRole('heading', { name: 'תוקף הקישור פג' })).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'he-portal-expired');
    // The browser reports the API's refusal itself; the page shows it and logs nothing of its own.
    const watched = opened[opened.length - 1];
    expect(watched.errors).toEqual(['Failed to load resource: the server responded with a status of 403 (Forbidden)']);
    watched.errors.length = 0;
  });

  it('an unknown link says so', async () => {
    const page = await open(`${checkoutUrl}/portal/bps_doesnotexist`, { locale: 'he-IL' });
    await pwExpect(page.getByRole('heading', { name: 'הדף לא נמצא' })).toBeVisible();
    await expectAccessible(page);
    const watched = opened[opened.length - 1];
    expect(watched.errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    watched.errors.length = 0;
  });

  it("another customer's card cannot be removed through this customer's portal", async () => {
    const mine = await subscriber();
    const theirs = await subscriber();
    const url = await portalUrl(mine.customer, 'he');
    const id = url.split('/').pop()!;
    const page = await open(url);
    await pwExpect(page.getByRole('heading', { name: 'ניהול המנוי' })).toBeVisible();
    const status = await page.evaluate(
      async ([api, session, card]) =>
        (await fetch(`${api}/v1/billing_portal/sessions/${session}/payment_methods/${card}`, { method: 'DELETE' })).status,
      [apiUrl, id, theirs.card],
    );
    expect(status).toBe(404);
    const watched = opened[opened.length - 1];
    expect(watched.errors).toEqual(['Failed to load resource: the server responded with a status of 404 (Not Found)']);
    watched.errors.length = 0;
    expect((await kupa.GET('/v1/payment_methods/{id}', { params: { path: { id: theirs.card } } })).data!.data.customer).toBe(
      theirs.customer,
    );
  });
});

describe('the portal in English', () => {
  it('switches plan with the preview shown, charged once', async () => {
    const { clock, customer, subscription } = await subscriber();
    await kupa.POST('/v1/test_helpers/test_clocks/{id}/advance', {
      params: { path: { id: clock } },
      body: { frozen_time: '2026-04-11T00:00:00Z' },
    });
    const page = await open(await portalUrl(customer, 'en'));
    await page.getByRole('button', { name: 'Switch plan' }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch plan' });
    await pwExpect(dialog.getByText('You pay ₪33.33 now.')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'en-portal-switch');
    // A double click on the confirmation still switches (and charges) once.
    await dialog.getByRole('button', { name: 'Confirm switch' }).dblclick();
    await pwExpect(page.getByRole('status').filter({ hasText: 'Your plan is now Pro.' })).toBeVisible();
    await pwExpect(page.getByRole('heading', { name: 'Pro' })).toBeVisible();
    expect((await chargesOf(customer)).map((charge) => charge.amount)).toEqual([4_900, 3_333]);
    expect((await kupa.GET('/v1/subscriptions/{id}', { params: { path: { id: subscription.id } } })).data!.data.price).toBe(pro);
  });

  it('cancels at the period end with a reason, then undoes it, by keyboard alone', async () => {
    const { customer, subscription } = await subscriber();
    const page = await open(await portalUrl(customer, 'en'));
    await pwExpect(page.getByRole('heading', { name: 'Manage your subscription' })).toBeVisible();
    const focus = async (name: string) => {
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate((label) => document.activeElement?.textContent?.trim() === label, name)) return;
      }
      throw new Error(`Tab never reached "${name}"`);
    };
    await focus('Cancel subscription');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
    await pwExpect(dialog.getByText('Your subscription stays active until 1 May 2026')).toBeVisible();
    // The first reason has focus; arrows move among the reasons.
    await page.keyboard.press('Space');
    await pwExpect(dialog.getByRole('radio', { name: 'It is too expensive' })).toBeChecked();
    await expectAccessible(page);
    await focus('Cancel subscription');
    await page.keyboard.press('Enter');
    await pwExpect(page.getByText('Ends on 1 May 2026')).toBeVisible();
    const canceled = (await kupa.GET('/v1/subscriptions/{id}', { params: { path: { id: subscription.id } } })).data!.data;
    expect(canceled).toMatchObject({ status: 'active', cancel_at_period_end: true, cancellation_reason: 'too_expensive' });
    await screenshot(page, 'en-portal-ending');

    await focus('Renew subscription');
    await page.keyboard.press('Enter');
    await pwExpect(page.getByText('Next charge: ₪49.00 on 1 May 2026')).toBeVisible();
    expect((await kupa.GET('/v1/subscriptions/{id}', { params: { path: { id: subscription.id } } })).data!.data.cancel_at_period_end).toBe(
      false,
    );
  });

  it('removes a card no subscription uses, and refuses to offer removing the one in use', async () => {
    const { customer, card } = await subscriber();
    const spare = (await kupa.POST('/v1/payment_methods', { body: { customer, token: 'tok_visa' } })).data!.data;
    const page = await open(await portalUrl(customer, 'en'));
    await pwExpect(page.getByRole('button', { name: `Remove card •••• ${spare.card.last4}` })).toBeVisible();
    expect(card).not.toBe(spare.id);
    await pwExpect(page.getByRole('button', { name: /^Remove card/ })).toHaveCount(1);
    await page.getByRole('button', { name: `Remove card •••• ${spare.card.last4}` }).click();
    await pwExpect(page.getByRole('status').filter({ hasText: 'The card was removed.' })).toBeVisible();
    await pwExpect(page.getByRole('button', { name: /^Remove card/ })).toHaveCount(0);
    expect((await kupa.GET('/v1/payment_methods/{id}', { params: { path: { id: spare.id } } })).data!.data.customer).toBeNull();
  });

  it('fits a 360 px phone, and shows the payment history with its documents', async () => {
    const { customer } = await subscriber();
    const page = await open(await portalUrl(customer, 'en'), { viewport: { width: 360, height: 640 } });
    await pwExpect(page.getByRole('heading', { name: 'Payment history' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await pwExpect(page.getByRole('link', { name: 'Download' })).toHaveCount(1);
    await expectAccessible(page);
    await screenshot(page, 'en-portal-phone');
  });
});

/** PNG's CRC-32 of a chunk's type and data. */
function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A small PNG logo: an olive square and a bar, on white. */
function logoPng(width = 120, height = 40): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height, 255);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 3 + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const square = x >= 4 && x < 36 && y >= 4 && y < 36;
      const bar = x >= 44 && x < 116 && y >= 14 && y < 26;
      if (square || bar) raw.set([85, 107, 47], y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe("the merchant's branding", () => {
  it('shows the uploaded logo, a too-light colour made readable, and the terms and privacy pages, on the portal and the checkout page', async () => {
    const logo = await kupa.POST('/v1/account/logo', { body: { content_type: 'image/png', data: logoPng().toString('base64') } });
    expect(logo.error).toBeUndefined();
    const account = await kupa.POST('/v1/account', {
      body: { branding: { color: '#FFD400', terms_url: 'https://olive.example/terms', privacy_url: 'https://olive.example/privacy' } },
    });
    const accent = account.data!.data.branding.accent_color!;
    expect(accent).not.toBe('#FFD400');
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    try {
      const { customer } = await subscriber();
      const portal = await open(await portalUrl(customer, 'en'));
      const image = portal.locator('img.merchant__logo');
      await pwExpect(image).toBeVisible();
      expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);
      await pwExpect(portal.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', 'https://olive.example/terms');
      await pwExpect(portal.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', 'https://olive.example/privacy');
      expect(await portal.getByRole('button', { name: 'Update card' }).evaluate((button) => getComputedStyle(button).color)).toBe(
        rgb(accent),
      );
      await expectAccessible(portal);
      await screenshot(portal, 'en-portal-branded');

      const session = await kupa.POST('/v1/checkout_sessions', {
        body: {
          customer,
          success_url: `${site.origin}/thanks`,
          cancel_url: `${site.origin}/cart`,
          line_items: [{ name: 'Olive oil, 750 ml', amount_agorot: 6_900 }],
          locale: 'he',
        },
      });
      const checkout = await open(session.data!.data.url);
      await pwExpect(checkout.locator('img.merchant__logo')).toBeVisible();
      const pay = checkout.getByRole('button', { name: /^תשלום .*69\.00/ });
      expect(await pay.evaluate((button) => getComputedStyle(button).backgroundColor)).toBe(rgb(accent));
      await pwExpect(checkout.getByRole('link', { name: 'תנאי השימוש' })).toHaveAttribute('href', 'https://olive.example/terms');
      await expectAccessible(checkout);
      await screenshot(checkout, 'he-branded');
    } finally {
      await kupa.POST('/v1/account', { body: { branding: { logo_url: null, color: null, terms_url: null, privacy_url: null } } });
    }
  });
});
