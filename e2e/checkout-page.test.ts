import { execFileSync } from 'node:child_process';
import { expect as pwExpect } from '@playwright/test';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKupaClient, type KupaClient, type Schemas } from '@kupa/sdk';
import { expectAccessible, openPage, screenshot, type WatchedPage } from './support/browser';
import type { MerchantSite } from './support/merchant-site';
import { REPO_ROOT } from './support/service';
import { type Shop, startShop } from './support/shop';

type SessionBody = Partial<Schemas['CheckoutSessionCreateRequest']>;

let shop: Shop;
let browser: Browser;
let site: MerchantSite;
let kupa: KupaClient;
let apiUrl: string;
let checkoutUrl: string;
let customer: string;
const opened: WatchedPage[] = [];

beforeAll(async () => {
  shop = await startShop();
  ({ apiUrl, checkoutUrl, kupa, site, browser } = shop);
  const webhook = await kupa.POST('/v1/webhooks', {
    body: {
      url: `${site.origin}/webhooks`,
      events: ['charge.succeeded', 'charge.authorized', 'charge.failed', 'subscription.created', 'checkout_session.completed'],
    },
  });
  expect(webhook.error).toBeUndefined();
  customer = await newCustomer();
}, 240_000);

afterAll(async () => {
  // No page of the product may log an error or reach a host other than the checkout host and the API.
  const allowed = new Set([
    new URL(checkoutUrl).origin,
    new URL(apiUrl).origin,
    site?.origin,
    'http://127.0.0.1' + checkoutUrl.slice(checkoutUrl.lastIndexOf(':')),
  ]);
  await shop?.close();
  for (const watched of opened) {
    for (const url of watched.requests)
      if (!url.startsWith('data:') && !url.startsWith('about:')) expect(allowed, url).toContain(new URL(url).origin);
  }
});

async function newCustomer(body: { test_clock?: string } = {}): Promise<string> {
  const created = await kupa.POST('/v1/customers', { body: { name: 'Noa Cohen', email: 'noa@example.co.il', ...body } });
  return created.data!.data.id;
}

async function newSession(body: SessionBody): Promise<Schemas['CheckoutSession']> {
  const created = await kupa.POST('/v1/checkout_sessions', {
    body: {
      customer,
      success_url: `${site.origin}/thanks?session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site.origin}/cart`,
      ...body,
    } as Schemas['CheckoutSessionCreateRequest'],
  });
  if (!created.data) throw new Error(JSON.stringify(created.error));
  return created.data.data;
}

async function price(body: Record<string, unknown> & { name?: string } = {}): Promise<string> {
  const product = await kupa.POST('/v1/products', { body: { name: body.name ?? 'Espresso machine' } });
  const { name: _name, ...rest } = body;
  const created = await kupa.POST('/v1/prices', {
    body: {
      product: product.data!.data.id,
      unit_amount: 13410,
      currency: 'ils',
      tax_mode: 'inclusive',
      type: 'one_time',
      ...rest,
    } as never,
  });
  if (!created.data) throw new Error(JSON.stringify(created.error));
  return created.data.data.id;
}

async function open(url: string, options: Parameters<typeof openPage>[1] = {}): Promise<WatchedPage> {
  const watched = await openPage(browser, options);
  opened.push(watched);
  await watched.page.goto(url);
  return watched;
}

async function fillCard(page: Page, number: string, expiry = '12/34', cvc = '123') {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill(expiry);
  await page.getByLabel('Security code').fill(cvc);
}

function csId(session: { id: string }) {
  return `cs_${session.id.slice(3)}`;
}

async function chargesOf(session: { id: string }) {
  const list = await kupa.GET('/v1/charges', { params: { query: { limit: 100 } } });
  return list.data!.data.filter((charge) => charge.checkout_session === csId(session));
}

describe('paying on the hosted page', () => {
  it('pays by card, lands on success_url with the session id, and the merchant gets charge.succeeded', async () => {
    const session = await newSession({ price: await price(), locale: 'en' });
    const { page, errors } = await open(session.url);
    await pwExpect(page.getByRole('heading', { name: 'Dev merchant' })).toBeVisible();
    await pwExpect(page.getByTestId('amount-due')).toHaveText('₪134.10');
    await expectAccessible(page);
    await screenshot(page, 'en-ready');
    await fillCard(page, '4242 4242 4242 4242');
    await pwExpect(page.getByText('Visa', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Pay ₪134.10' }).click();
    await pwExpect(page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await screenshot(page, 'en-paid');
    await page.waitForURL(`${site.origin}/thanks?session=${session.id}`);
    await pwExpect(page.getByText(session.id)).toBeVisible();
    const event = await site.waitForEvent('charge.succeeded', (e) => e.data.checkout_session === csId(session));
    expect(event.data).toMatchObject({ amount: 13410, status: 'succeeded' });
    expect(errors).toEqual([]);
  });

  it('loads its scripts and styles compressed', async () => {
    const session = await newSession({ price: await price(), locale: 'en' });
    const watched = await openPage(browser);
    opened.push(watched);
    const encodings: (string | undefined)[] = [];
    watched.page.on('response', (response) => {
      if (/\/assets\/[^/]+\.(js|css)$/.test(response.url())) encodings.push(response.headers()['content-encoding']);
    });
    await watched.page.goto(session.url);
    await pwExpect(watched.page.getByTestId('amount-due')).toHaveText('₪134.10');
    expect(encodings).toHaveLength(2);
    for (const encoding of encodings) expect(['br', 'gzip']).toContain(encoding);
  });

  it('spaces the number as typed, shows the brand, and says in words what is wrong with each field', async () => {
    const session = await newSession({ price: await price(), locale: 'en' });
    const { page, errors } = await open(session.url);
    const number = page.getByLabel('Card number');
    await number.pressSequentially('5555555555554444');
    await pwExpect(number).toHaveValue('5555 5555 5555 4444');
    await pwExpect(page.getByText('Mastercard', { exact: true })).toBeVisible();
    await number.fill('4242 4242 4242 4241');
    await page.getByLabel('Expiry date').pressSequentially('0120');
    await pwExpect(page.getByLabel('Expiry date')).toHaveValue('01/20');
    await page.getByRole('button', { name: 'Pay ₪134.10' }).click();
    await screenshot(page, 'en-field-errors');
    await pwExpect(page.getByText('Your card number is not valid.')).toBeVisible();
    await pwExpect(page.getByText('Your card has expired.')).toBeVisible();
    await pwExpect(page.getByText('Your security code is not valid.')).toBeVisible();
    await pwExpect(number).toBeFocused();
    await pwExpect(number).toHaveAttribute('aria-invalid', 'true');
    await expectAccessible(page);
    await screenshot(page, 'en-field-errors');
    expect(await chargesOf(session)).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('shows every line of a cart, a negative line as a discount, and charges the total', async () => {
    const session = await newSession({
      locale: 'en',
      line_items: [
        { name: 'Mug', amount_agorot: 3500, quantity: 2, description: 'Blue, 350 ml' },
        { name: 'T-shirt', amount_agorot: 7900 },
        { name: 'Loyalty credit', amount_agorot: -1000 },
      ],
    });
    const { page } = await open(session.url);
    const lines = page.getByRole('listitem');
    await pwExpect(lines.filter({ hasText: 'Mug' })).toContainText('Blue, 350 ml');
    await pwExpect(lines.filter({ hasText: 'Mug' })).toContainText('Qty 2 · ₪35.00 each');
    await pwExpect(lines.filter({ hasText: 'Mug' })).toContainText('₪70.00');
    await pwExpect(lines.filter({ hasText: 'T-shirt' })).toContainText('₪79.00');
    await pwExpect(lines.filter({ hasText: 'Loyalty credit' })).toContainText('-₪10.00');
    await pwExpect(page.getByTestId('amount-due')).toHaveText('₪139.00');
    await screenshot(page, 'en-cart');
    await fillCard(page, '4242424242424242');
    await page.getByRole('button', { name: 'Pay ₪139.00' }).click();
    await page.waitForURL(/\/thanks/);
    expect((await chargesOf(session)).map((charge) => charge.amount)).toEqual([13900]);
  });

  it('shows the decline and pays with another card on the same page', async () => {
    const session = await newSession({ price: await price(), locale: 'en' });
    const { page, errors } = await open(session.url);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay ₪134.10' }).click();
    await pwExpect(page.getByRole('alert')).toContainText('Your card was declined. Try another card.');
    await expectAccessible(page);
    await screenshot(page, 'en-declined');
    await pwExpect(page.getByRole('button', { name: 'Pay ₪134.10' })).toBeEnabled();
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay ₪134.10' }).click();
    await page.waitForURL(/\/thanks/);
    const charges = await chargesOf(session);
    expect(charges.map((charge) => charge.status).sort()).toEqual(['failed', 'succeeded']);
    expect(errors.filter((e) => !e.includes('402'))).toEqual([]);
  });

  it('pays once however fast the button is clicked', async () => {
    const session = await newSession({ price: await price(), locale: 'en' });
    const { page } = await open(session.url);
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay ₪134.10' }).dblclick();
    await page.waitForURL(/\/thanks/);
    expect(await chargesOf(session)).toHaveLength(1);
  });

  it('offers "Try again" when the answer is lost, and the retry does not pay twice', async () => {
    const session = await newSession({ price: await price(), locale: 'en' });
    const { page } = await open(session.url);
    let cut = true;
    // The confirm reaches the service and pays, but its answer never reaches the browser.
    await page.route('**/confirm', async (route) => {
      if (!cut) return route.continue();
      cut = false;
      await route.fetch();
      await route.abort('connectionreset');
    });
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay ₪134.10' }).click();
    await pwExpect(page.getByRole('alert')).toContainText('You will not be charged twice.');
    await screenshot(page, 'en-network-error');
    await page.getByRole('button', { name: 'Try again' }).click();
    await page.waitForURL(/\/thanks/);
    expect(await chargesOf(session)).toHaveLength(1);
  });

  it('completes 3-D Secure in its dialog, and shows the failure when it fails', async () => {
    const failing = await newSession({ price: await price(), locale: 'en' });
    const { page } = await open(failing.url);
    await fillCard(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: 'Pay ₪134.10' }).click();
    const dialog = page.getByRole('dialog', { name: 'Authentication' });
    await pwExpect(dialog).toBeVisible();
    await pwExpect(dialog.getByRole('button', { name: 'Complete authentication' })).toBeFocused();
    await expectAccessible(page);
    await screenshot(page, 'en-3ds');
    await page.keyboard.press('Escape');
    await pwExpect(dialog).toBeHidden();
    await pwExpect(page.getByRole('alert')).toContainText('Authentication failed');
    expect((await chargesOf(failing)).map((charge) => charge.status)).toEqual(['failed']);

    const passing = await newSession({ price: await price(), locale: 'en' });
    const second = await open(passing.url);
    await fillCard(second.page, '4000 0027 6000 3184');
    await second.page.getByRole('button', { name: 'Pay ₪134.10' }).click();
    await second.page.getByRole('dialog', { name: 'Authentication' }).getByRole('button', { name: 'Complete authentication' }).click();
    await second.page.waitForURL(/\/thanks/);
    expect((await chargesOf(passing)).map((charge) => charge.status)).toEqual(['succeeded']);
  });

  it('keeps focus inside the 3-D Secure dialog and fails it with its button', async () => {
    const session = await newSession({ price: await price(), locale: 'en' });
    const { page } = await open(session.url);
    await fillCard(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: 'Pay ₪134.10' }).click();
    const dialog = page.getByRole('dialog', { name: 'Authentication' });
    await pwExpect(dialog.getByRole('button', { name: 'Complete authentication' })).toBeFocused();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('dialog')))).toBe(true);
    }
    await dialog.getByRole('button', { name: 'Fail authentication' }).click();
    await pwExpect(page.getByRole('alert')).toContainText('Authentication failed');
  });
});

describe('discounts on the page', () => {
  it('applies a code as a chip, refuses unknown and expired codes in words, removes it, and shows automatic discounts without a remove button', async () => {
    const itemPrice = await price({ name: 'Coffee grinder', unit_amount: 20000 });
    const stamp = Date.now().toString(36).toUpperCase();
    const code = `SAVE${stamp}`;
    await kupa.POST('/v1/discounts', { body: { name: '10% off', code, percent_off: 10 } });
    await kupa.POST('/v1/discounts', {
      body: { name: 'Old code', code: `OLD${stamp}`, percent_off: 10, expires_at: '2020-01-01T00:00:00Z' } as never,
    });
    await kupa.POST('/v1/discounts', {
      body: { name: 'Grinder week', automatic: true, amount_off: 1000, currency: 'ils', applies_to: { prices: [itemPrice] } } as never,
    });
    const session = await newSession({ price: itemPrice, locale: 'en' });
    const { page, errors } = await open(session.url);

    await pwExpect(page.getByText('Grinder week').first()).toBeVisible();
    await pwExpect(page.getByTestId('amount-due')).toHaveText('₪190.00');
    await pwExpect(page.getByRole('button', { name: /Remove Grinder/ })).toHaveCount(0);

    const field = page.getByLabel('Discount code');
    await field.fill('NOPE');
    await page.getByRole('button', { name: 'Apply' }).click();
    await pwExpect(page.getByText('This code does not exist. Check the spelling.')).toBeVisible();
    await field.fill(`old${stamp}`);
    await page.getByRole('button', { name: 'Apply' }).click();
    await pwExpect(page.getByText('This code has expired.')).toBeVisible();

    await field.fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await pwExpect(page.getByRole('button', { name: `Remove ${code}` })).toBeVisible();
    await pwExpect(page.getByTestId('amount-due')).toHaveText('₪171.00');
    await expectAccessible(page);
    await screenshot(page, 'en-coupon');

    await page.getByRole('button', { name: `Remove ${code}` }).click();
    await pwExpect(page.getByRole('button', { name: `Remove ${code}` })).toHaveCount(0);
    await pwExpect(page.getByTestId('amount-due')).toHaveText('₪190.00');
    expect(errors.filter((e) => !/40[04]/.test(e))).toEqual([]);
  });

  it('a code that runs out while the shopper is on the page: nothing is charged, the page shows the new total', async () => {
    const code = `LAST${Date.now().toString(36).toUpperCase()}`;
    await kupa.POST('/v1/discounts', { body: { name: 'Last one', code, amount_off: 3410, currency: 'ils', max_redemptions: 1 } as never });
    const itemPrice = await price();
    const mine = await newSession({ price: itemPrice, locale: 'en', coupon_codes: [code] });
    const theirs = await newSession({ price: itemPrice, locale: 'en', coupon_codes: [code] });
    const { page, errors } = await open(mine.url);
    await pwExpect(page.getByTestId('amount-due')).toHaveText('₪100.00');

    // Another shopper takes the last redemption first.
    const token = await kupa.POST('/v1/tokens', {
      body: { checkout_session: theirs.id, card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' } },
    });
    const paid = await kupa.POST('/v1/checkout_sessions/{id}/confirm', {
      params: { path: { id: theirs.id } },
      body: { payment_method: { type: 'card', token: token.data!.data.id } },
    });
    expect(paid.data!.data.status).toBe('succeeded');

    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay ₪100.00' }).click();
    await pwExpect(page.getByRole('alert')).toContainText(
      'The total has changed: a discount has just run out or ended. You were not charged',
    );
    await pwExpect(page.getByTestId('amount-due')).toHaveText('₪134.10');
    await screenshot(page, 'en-discount-ran-out');
    expect(await chargesOf(mine)).toEqual([]);
    await page.getByRole('button', { name: 'Pay ₪134.10' }).click();
    await page.waitForURL(/\/thanks/);
    expect((await chargesOf(mine)).map((charge) => charge.amount)).toEqual([13410]);
    expect(errors.filter((e) => !e.includes('409'))).toEqual([]);
  });
});

describe('saved cards, wallets, installments, holds and trials', () => {
  it('pays with a saved card', async () => {
    const token = await kupa.POST('/v1/payment_methods', { body: { customer, token: 'tok_visa' } });
    expect(token.error).toBeUndefined();
    const session = await newSession({ price: await price(), locale: 'en' });
    const { page } = await open(session.url);
    await screenshot(page, 'en-saved-card');
    await page
      .getByRole('button', { name: /Use saved card •••• 4242/ })
      .first()
      .click();
    await page.waitForURL(/\/thanks/);
    expect((await chargesOf(session)).map((charge) => charge.status)).toEqual(['succeeded']);
  });

  it('pays with the test wallet from the wallet sheet', async () => {
    const session = await newSession({ price: await price(), locale: 'en' });
    const { page } = await open(session.url);
    await page.getByRole('button', { name: 'Pay with wallet (test wallet)' }).click();
    const sheet = page.getByRole('dialog', { name: 'Digital wallet' });
    await pwExpect(sheet.getByRole('button', { name: 'Pay with Bit' })).toBeVisible();
    await pwExpect(sheet.getByRole('button', { name: 'Pay with Apple Pay' })).toBeVisible();
    await screenshot(page, 'en-wallet-sheet');
    await sheet.getByRole('button', { name: 'Pay with Google Pay' }).click();
    await page.waitForURL(/\/thanks/);
    expect((await chargesOf(session)).map((charge) => charge.status)).toEqual(['succeeded']);
  });

  it('records the number of installments the shopper chose on the charge', async () => {
    const session = await newSession({ price: await price({ unit_amount: 30000 }), locale: 'en', installments: { max: 6 } });
    const { page } = await open(session.url);
    await pwExpect(page.getByLabel('Number of payments').locator('option')).toHaveCount(6);
    await page.getByLabel('Number of payments').selectOption({ label: '3 payments of ₪100.00' });
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay ₪300.00' }).click();
    await page.waitForURL(/\/thanks/);
    const [charge] = await chargesOf(session);
    expect(charge).toMatchObject({ amount: 30000, installments: 3 });
  });

  it('places a J5 hold with a new card only: no saved card or wallet, "Authorize", charge.authorized', async () => {
    const session = await newSession({ price: await price(), locale: 'en', capture_method: 'manual' });
    const { page } = await open(session.url);
    await pwExpect(page.getByRole('button', { name: /Use saved card/ })).toHaveCount(0);
    await pwExpect(page.getByRole('button', { name: /Pay with wallet/ })).toHaveCount(0);
    await screenshot(page, 'en-manual');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Authorize ₪134.10' }).click();
    await pwExpect(page.getByRole('heading', { name: 'Card authorized' })).toBeVisible();
    await page.waitForURL(/\/thanks/);
    const [charge] = await chargesOf(session);
    expect(charge.status).toBe('requires_capture');
    await site.waitForEvent('charge.authorized', (e) => e.data.id === charge.id);
  });

  it('starts a trial: "7 days free, then …", "Start trial", no charge, subscription.created', async () => {
    const plan = await price({
      name: 'Gym membership',
      unit_amount: 19900,
      type: 'recurring',
      recurring: { interval: 'month', trial_period_days: 7 },
    });
    const session = await newSession({ price: plan, locale: 'en' });
    const { page } = await open(session.url);
    await pwExpect(page.getByText('7 days free, then ₪199.00 / month')).toBeVisible();
    await pwExpect(page.getByTestId('amount-due')).toHaveText('₪0.00');
    await screenshot(page, 'en-trial');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Start trial' }).click();
    await pwExpect(page.getByRole('heading', { name: 'Your trial has started' })).toBeVisible();
    const firstCharge = new Date(Date.now() + 7 * 24 * 60 * 60 * 1000).toLocaleDateString('en-GB', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    });
    await pwExpect(page.getByText(`Nothing was charged today. First charge on ${firstCharge}.`)).toBeVisible();
    await page.waitForURL(/\/thanks/);
    expect(await chargesOf(session)).toEqual([]);
    const completed = await kupa.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } });
    const subscription = completed.data!.data.subscription!;
    await site.waitForEvent('subscription.created', (e) => e.data.id === subscription);
  });

  it('changes plan: the current and new plans, the credit and what is due, in English and Hebrew; paying applies the change', async () => {
    const clock = (await kupa.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: '2026-04-01T00:00:00Z' } })).data!.data.id;
    const member = await newCustomer({ test_clock: clock });
    const card = (await kupa.POST('/v1/payment_methods', { body: { customer: member, token: 'tok_visa' } })).data!.data.id;
    const recurring = { type: 'recurring', recurring: { interval: 'month' } };
    const basic = await price({ name: 'Basic', unit_amount: 4_900, ...recurring });
    const pro = await price({ name: 'Pro', unit_amount: 9_900, ...recurring });
    const subscription = (await kupa.POST('/v1/subscriptions', { body: { customer: member, payment_method: card, price: basic } })).data!
      .data;
    await kupa.POST('/v1/test_helpers/test_clocks/{id}/advance', {
      params: { path: { id: clock } },
      body: { frozen_time: '2026-04-11T00:00:00Z' },
    });
    const change = { customer: member, subscription: subscription.id, price: pro };

    const hebrew = await open((await newSession({ ...change, locale: 'he' })).url);
    await pwExpect(hebrew.page.getByText('המסלול הנוכחי')).toBeVisible();
    await pwExpect(hebrew.page.getByText('זמן שלא נוצל')).toBeVisible();
    await screenshot(hebrew.page, 'he-plan-change');

    const session = await newSession({ ...change, locale: 'en' });
    const { page } = await open(session.url);
    await pwExpect(page.getByRole('heading', { name: 'Change of plan' })).toBeVisible();
    await pwExpect(page.getByText('Current plan')).toBeVisible();
    await pwExpect(page.getByText('New plan')).toBeVisible();
    await pwExpect(page.getByText('Unused time on Basic')).toBeVisible();
    await pwExpect(page.getByText('-₪32.67')).toBeVisible();
    await pwExpect(page.getByText('Remaining time on Pro')).toBeVisible();
    await pwExpect(page.getByTestId('amount-due')).toHaveText('₪33.33');
    await pwExpect(page.getByText('Then ₪99.00 / month')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'en-plan-change');
    await fillCard(page, '4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay ₪33.33' }).click();
    await pwExpect(page.getByRole('heading', { name: 'Your plan has changed' })).toBeVisible();
    await page.waitForURL(/\/thanks\?session=/);
    const [charge] = await chargesOf(session);
    expect(charge).toMatchObject({ status: 'succeeded', amount: 3_333, subscription: subscription.id });
    const changed = (await kupa.GET('/v1/subscriptions/{id}', { params: { path: { id: subscription.id } } })).data!.data;
    expect(changed).toMatchObject({ price: pro, status: 'active', current_period_end: '2026-05-01T00:00:00.000Z' });
  });

  it('asks for the cardholder ID number when the account requires it, and takes an Isracard local number', async () => {
    const account = JSON.parse(
      execFileSync('pnpm', ['--silent', 'cli', 'accounts', 'create', '--name', 'Isracard shop', '--json'], {
        cwd: REPO_ROOT,
        env: { ...process.env, DATA_DIR: shop.dataDir, LOG_LEVEL: 'warn' },
      }).toString(),
    );
    execFileSync('pnpm', ['--silent', 'cli', 'accounts', 'update', '--account', account.account.id, '--cardholder-id'], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: shop.dataDir, LOG_LEVEL: 'warn' },
    });
    const isracardShop = createKupaClient({ baseUrl: apiUrl, apiKey: account.api_keys.test });
    const buyer = (await isracardShop.POST('/v1/customers', { body: { name: 'Dana Levi' } })).data!.data.id;
    const session = (
      await isracardShop.POST('/v1/checkout_sessions', {
        body: {
          customer: buyer,
          line_items: [{ name: 'Sofa', amount_agorot: 250000 }],
          success_url: `${site.origin}/thanks?session={CHECKOUT_SESSION_ID}`,
          cancel_url: `${site.origin}/cart`,
          locale: 'en',
        },
      })
    ).data!.data;
    const { page } = await open(session.url);
    await fillCard(page, '12345679');
    await pwExpect(page.getByText('Isracard', { exact: true })).toBeVisible();
    const id = page.getByLabel('Cardholder ID number');
    await id.fill('123456789');
    await page.getByRole('button', { name: 'Pay ₪2,500.00' }).click();
    await pwExpect(page.getByText('The ID number is not valid.')).toBeVisible();
    await id.fill('123456782');
    await screenshot(page, 'en-cardholder-id');
    await page.getByRole('button', { name: 'Pay ₪2,500.00' }).click();
    await page.waitForURL(/\/thanks/);
    const charges = (await isracardShop.GET('/v1/charges', {})).data!.data;
    expect(charges.map((charge) => [charge.status, charge.payment_method_details?.card.brand])).toEqual([['succeeded', 'isracard']]);
  });
});

describe('sessions that cannot be paid', () => {
  it('shows a paid session as paid, an expired one as expired, an unknown one as not found', async () => {
    const session = await newSession({ price: await price(), locale: 'en' });
    const first = await open(session.url);
    await fillCard(first.page, '4242 4242 4242 4242');
    await first.page.getByRole('button', { name: 'Pay ₪134.10' }).click();
    await first.page.waitForURL(/\/thanks/);
    const again = await open(session.url);
    await pwExpect(again.page.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await pwExpect(again.page.getByRole('button', { name: /Pay/ })).toHaveCount(0);
    // What a shopper keeps: the merchant, the amount, the reference and the day.
    const receipt = again.page.locator('.receipt');
    for (const [label, value] of [
      ['Merchant', 'Dev merchant'],
      ['Amount', '₪134.10'],
      ['Reference', session.id],
    ])
      await pwExpect(receipt.locator('.receipt__row', { hasText: label })).toContainText(value);
    await pwExpect(receipt.locator('.receipt__row', { hasText: 'Date' })).toContainText(String(new Date().getUTCFullYear()));
    await screenshot(again.page, 'en-paid-again');

    const clock = (await kupa.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: new Date().toISOString() } })).data!.data;
    const clocked = await newCustomer({ test_clock: clock.id });
    const expiring = await newSession({ price: await price(), locale: 'en', customer: clocked });
    await kupa.POST('/v1/test_helpers/test_clocks/{id}/advance', {
      params: { path: { id: clock.id } },
      body: { frozen_time: new Date(Date.now() + 31 * 60_000).toISOString() },
    });
    const expired = await open(expiring.url);
    await pwExpect(expired.page.getByRole('heading', { name: 'This payment page has expired' })).toBeVisible();
    await pwExpect(expired.page.locator('.receipt__row', { hasText: 'Reference' })).toContainText(expiring.id);
    await expectAccessible(expired.page);
    await screenshot(expired.page, 'en-expired');

    const unknown = await open(`${checkoutUrl}/checkout/co_${'x'.repeat(24)}`);
    await pwExpect(unknown.page.getByRole('heading', { name: 'Payment page not found' })).toBeVisible();
    await expectAccessible(unknown.page);
    await screenshot(unknown.page, 'en-not-found');
    for (const watched of [again, expired]) expect(watched.errors).toEqual([]);
  });

  it('says the address is wrong, not that the link expired, when opened at another host name', async () => {
    const session = await newSession({ price: await price(), locale: 'en' });
    const other = session.url.replace('//localhost:', '//127.0.0.1:');
    const { page } = await open(other);
    await pwExpect(page.getByRole('heading', { name: 'This payment page was opened at the wrong address' })).toBeVisible();
    await pwExpect(page.getByRole('link', { name: session.url })).toBeVisible();
    await pwExpect(page.getByText(/expired/)).toHaveCount(0);
  });

  it('links back to the store with cancel_url', async () => {
    const session = await newSession({ price: await price(), locale: 'en' });
    const { page } = await open(session.url);
    await page.getByRole('link', { name: 'Cancel and return to the store' }).click();
    await page.waitForURL(`${site.origin}/cart`);
  });
});

describe('languages, keyboard and small screens', () => {
  it('is Hebrew by default: rtl, lang he, Hebrew title and button name', async () => {
    const session = await newSession({ price: await price({ name: 'מכונת אספרסו' }), customer: await newCustomer() });
    const { page, errors } = await open(session.url, { locale: 'he-IL' });
    await pwExpect(page.getByRole('button', { name: /תשלום.*134\.10/ })).toBeVisible();
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['rtl', 'he']);
    expect(await page.title()).toContain('תשלום מאובטח');
    await pwExpect(page.getByLabel('מספר כרטיס')).toBeVisible();
    await expectAccessible(page);
    await screenshot(page, 'he-ready');
    await page.getByLabel('מספר כרטיס').fill('4000 0000 0000 0002');
    // The number keeps the field's right edge; the brand sits in the room left for it on the left.
    const number = page.getByLabel('מספר כרטיס');
    const brand = page.getByText('Visa', { exact: true });
    await pwExpect(brand).toBeVisible();
    const [paddingRight, paddingLeft] = await number.evaluate((input) => {
      const style = getComputedStyle(input);
      return [parseFloat(style.paddingRight), parseFloat(style.paddingLeft)];
    });
    expect(paddingRight).toBeLessThanOrEqual(12);
    const [field, mark] = [(await number.boundingBox())!, (await brand.boundingBox())!];
    expect(mark.x + mark.width).toBeLessThanOrEqual(field.x + paddingLeft);
    // The brand's mark and the lock beside the security line are drawn in the page, not fetched.
    await pwExpect(page.locator('.card-number__brand svg')).toHaveCount(1);
    await pwExpect(page.locator('.note--secure svg')).toHaveCount(1);
    await screenshot(page, 'he-card-brand');
    await page.getByLabel('תוקף').fill('12/34');
    await page.getByLabel('קוד אבטחה').fill('123');
    await page.getByRole('button', { name: /^תשלום .*134\.10/ }).click();
    await pwExpect(page.getByRole('alert')).toContainText('הכרטיס נדחה');
    await screenshot(page, 'he-declined');
    expect(errors.filter((e) => !e.includes('402'))).toEqual([]);
  });

  it('follows the browser for locale auto, and locale en wins over a Hebrew browser', async () => {
    const auto = await newSession({ price: await price() });
    const english = await open(auto.url, { locale: 'en-GB' });
    await pwExpect(english.page.getByLabel('Card number')).toBeVisible();
    await pwExpect(english.page.getByRole('button', { name: 'Pay ₪134.10' })).toBeVisible();
    expect(await english.page.evaluate(() => [document.documentElement.dir, document.documentElement.lang])).toEqual(['ltr', 'en']);
    const fixed = await newSession({ price: await price(), locale: 'en' });
    const hebrewBrowser = await open(fixed.url, { locale: 'he-IL' });
    await pwExpect(hebrewBrowser.page.getByRole('button', { name: 'Pay ₪134.10' })).toBeVisible();
    const hebrew = await newSession({ price: await price(), locale: 'he' });
    const englishBrowser = await open(hebrew.url, { locale: 'en-US' });
    await pwExpect(englishBrowser.page.getByLabel('מספר כרטיס')).toBeVisible();
    expect(await englishBrowser.page.evaluate(() => document.documentElement.lang)).toBe('he');
  });

  it('pays with the keyboard alone', async () => {
    const session = await newSession({ price: await price(), locale: 'en' });
    const { page } = await open(session.url);
    await pwExpect(page.getByLabel('Card number')).toBeVisible();
    const focusOn = async (name: string) => {
      for (let i = 0; i < 20; i++) {
        await page.keyboard.press('Tab');
        if (await page.evaluate((label) => document.activeElement?.id === label, name)) return;
      }
      throw new Error(`Tab never reached #${name}`);
    };
    await focusOn('card-number');
    await page.keyboard.type('4242424242424242');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/thanks/);
  });

  it('fits a 360 px wide phone without sideways scrolling', async () => {
    const session = await newSession({
      locale: 'he',
      line_items: [
        { name: 'A very long product name that goes on and on to test wrapping on small screens', amount_agorot: 123456789, quantity: 3 },
      ],
      installments: { max: 12 },
    });
    const { page } = await open(session.url, { viewport: { width: 360, height: 740 }, locale: 'he-IL' });
    await pwExpect(page.getByLabel('מספר כרטיס')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'he-mobile');
    const summary = page.getByRole('button', { name: /סיכום הזמנה/ });
    await summary.click();
    await pwExpect(summary).toHaveAttribute('aria-expanded', 'true');
    await pwExpect(page.getByText('A very long product name', { exact: false })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(page, 'he-mobile-summary-open');
  });

  it('on a 360 × 640 phone, folds the summary into one line with the total, shows the pay button on the first screen, and nothing shifts', async () => {
    const session = await newSession({ price: await price(), locale: 'en', customer: await newCustomer() });
    const watched = await openPage(browser, { viewport: { width: 360, height: 640 } });
    opened.push(watched);
    const { page } = watched;
    // Cumulative layout shift, as Lighthouse measures it: every shift not caused by the user.
    await page.addInitScript(() => {
      const seen = window as unknown as { layoutShift: number };
      seen.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
          if (!entry.hadRecentInput) seen.layoutShift += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(session.url);
    const summary = page.getByRole('button', { name: 'Order summary ₪134.10' });
    await pwExpect(summary).toHaveAttribute('aria-expanded', 'false');
    await pwExpect(page.getByTestId('amount-due')).toBeHidden();
    const pay = await page.getByRole('button', { name: 'Pay ₪134.10' }).boundingBox();
    expect(pay!.y + pay!.height).toBeLessThanOrEqual(640);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift)).toBeLessThan(0.01);
    await expectAccessible(page);
    await screenshot(page, 'en-phone');
    await summary.click();
    await pwExpect(page.getByTestId('amount-due')).toHaveText('₪134.10');
  });
});

describe("the embed on the merchant's site", () => {
  it("pays inside the merchant's page, which gets ready, resize and exactly one result from the checkout origin", async () => {
    const session = await newSession({ price: await price(), locale: 'en', background_color: '#fef6e4', payment_methods: ['card'] });
    const { page, errors } = await open(`${site.origin}/shop?embed_url=${encodeURIComponent(session.embed_url!)}`);
    const frame = page.frameLocator('iframe');
    await pwExpect(frame.getByLabel('Card number')).toBeVisible();
    await pwExpect(frame.getByRole('button', { name: /Pay with wallet/ })).toHaveCount(0);
    expect(await frame.locator('.shell').evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(254, 246, 228)');
    await page.waitForFunction(() => (window as unknown as { ready: unknown[] }).ready.length === 1);
    const height = await page.locator('iframe').evaluate((el) => (el as HTMLIFrameElement).getBoundingClientRect().height);
    expect(height).not.toBe(480);
    expect(await page.locator('iframe').getAttribute('allow')).toBe('payment');
    await screenshot(page, 'en-embed');
    await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
    await frame.getByLabel('Expiry date').fill('12/34');
    await frame.getByLabel('Security code').fill('123');
    await frame.getByRole('button', { name: 'Pay ₪134.10' }).click();
    await pwExpect(frame.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await page.waitForFunction(() => (window as unknown as { results: unknown[] }).results.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(page.url()).toContain('/shop'); // no redirect inside the frame
    const seen = await page.evaluate(() => {
      const w = window as unknown as { results: unknown[]; raw: { origin: string; data: { type: string } }[] };
      return { results: w.results, raw: w.raw };
    });
    expect(seen.results).toEqual([{ status: 'success', sessionId: session.id }]);
    const results = seen.raw.filter((m) => m.data.type === 'service-checkout-result');
    expect(results).toEqual([
      { origin: new URL(checkoutUrl).origin, data: { type: 'service-checkout-result', status: 'success', session_id: session.id } },
    ]);
    expect(seen.raw.every((m) => m.origin === new URL(checkoutUrl).origin)).toBe(true);
    expect(seen.raw.some((m) => m.data.type === 'service-checkout-resize')).toBe(true);
    await site.waitForEvent('charge.succeeded', (e) => e.data.checkout_session === csId(session));
    expect(errors).toEqual([]);
  });

  it('opens the wallet sheet on load with auto_open_wallets', async () => {
    const session = await newSession({ price: await price(), locale: 'en', auto_open_wallets: true });
    const { page } = await open(`${site.origin}/shop?embed_url=${encodeURIComponent(session.embed_url!)}`);
    const sheet = page.frameLocator('iframe').getByRole('dialog', { name: 'Digital wallet' });
    await pwExpect(sheet.getByRole('button', { name: 'Pay with Bit' })).toBeVisible();
    await sheet.getByRole('button', { name: 'Pay with Bit' }).click();
    await page.waitForFunction(() => (window as unknown as { results: unknown[] }).results.length === 1);
    expect((await chargesOf(session)).map((charge) => charge.status)).toEqual(['succeeded']);
  });

  it('refuses to let the hosted page be framed', async () => {
    const session = await newSession({ price: await price(), locale: 'en' });
    // The same framing page shows the embed, so the hosted page's absence is the browser refusing it.
    const control = await open(`${site.origin}/frame?src=${encodeURIComponent(session.embed_url!)}`);
    await pwExpect(control.page.frameLocator('#frame').getByLabel('Card number')).toBeVisible();
    const { page } = await open(`${site.origin}/frame?src=${encodeURIComponent(session.url)}`);
    await page.waitForTimeout(2000);
    const framed = page.frames().find((frame) => frame !== page.mainFrame())!;
    expect(await framed.locator('#card-number').count()).toBe(0);
    expect(framed.url()).not.toBe(session.url);
    const response = await fetch(session.url);
    expect(response.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('the API reference', () => {
  it('shows curl and Node SDK samples at /docs, with every asset served by the API itself', async () => {
    const { page, requests, errors } = await open(`${apiUrl}/docs#tag/Checkout-sessions/operation/createCheckoutSession`);
    const operation = page.locator('[data-section-id="operation/createCheckoutSession"]');
    await pwExpect(operation.getByRole('heading', { name: 'Create a checkout session' })).toBeVisible({ timeout: 30_000 });
    await operation.getByRole('tab', { name: 'curl' }).click();
    await pwExpect(operation.locator('pre', { hasText: 'curl -s -X POST $KUPA_API_BASE/v1/checkout_sessions' })).toBeVisible();
    await operation.getByRole('tab', { name: 'Node SDK' }).click();
    await pwExpect(operation.locator('pre', { hasText: "kupa.POST('/v1/checkout_sessions'" })).toBeVisible();
    // The reference is one long page (every guide and operation): the operation in view is what is looked at.
    await screenshot(page, 'api-docs', { fullPage: false });
    for (const url of requests) if (url.startsWith('http')) expect(new URL(url).origin, url).toBe(new URL(apiUrl).origin);
    expect(errors).toEqual([]);
  });
});
