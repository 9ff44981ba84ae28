import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect as pwExpect } from '@playwright/test';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKupaClient, type KupaClient, type Schemas } from '@kupa/sdk';
import { launchBrowser, openPage, screenshot } from './support/browser';
import { MerchantSite } from './support/merchant-site';
import { merchantPkcs12 } from '../services/api/test/support/certificates';
import { startSmtpSink, type SmtpSink } from '../services/api/test/support/smtp-sink';
import { freePort, pnpmStart, REPO_ROOT, type RunningService, tempDataDir } from './support/service';
import { totpCode } from '../services/api/src/modules/team/domain/totp';

// Live mode as a new merchant tries it, following "Going live" in services/api/README.md: the Tranzila and Tax Authority
// twins started by their commands, Kupa pointed at them (and at a mail server), a live account connected
// and onboarded, and a shopper paying live checkouts in Chromium; each call is checked once in the twin's
// ledger, and a business customer's receipt arrives by email with its signed PDF and allocation number.
const dataDir = tempDataDir();
const twins: ChildProcess[] = [];
let twinUrl: string;
let taxAuthorityUrl: string;
let smtp: SmtpSink;
let apiUrl: string;
let checkoutUrl: string;
let service: RunningService;
/** The service's own database, where a month passes for a renewal (live mode has no test clocks). */
let database: pg.Client;
let browser: Browser;
let site: MerchantSite;
let live: KupaClient;
let customer: string;
let accountId: string;

interface TwinTransaction {
  txnType: string;
  responseCode: string;
  amount: number;
  verifyMode: number | null;
  installments: number | null;
  referenceTxnId: string | null;
  channel: 'card' | 'bit';
}
const ledger = async (): Promise<TwinTransaction[]> =>
  ((await (await fetch(`${twinUrl}/twin/ledger`)).json()) as { transactions: TwinTransaction[] }).transactions;
/** What moved or held money at the twin (J2 card checks move none). */
const moved = async () => (await ledger()).filter((t) => t.responseCode === '000' && t.verifyMode !== 2);
const cli = (...args: string[]) =>
  execFileSync('pnpm', ['--silent', 'cli', ...args], {
    cwd: REPO_ROOT,
    // The service's own settings: the links the CLI makes point where the service answers.
    env: { ...process.env, ...SETTINGS(), DATA_DIR: dataDir, PUBLIC_BASE_URL: apiUrl, LOG_LEVEL: 'warn' },
  }).toString();

/** What the service and its CLI are started with beyond their defaults: the twin, and how soon a payment's page is taken as gone. */
const SETTINGS = () => ({ TRANZILA_API_URL: twinUrl, PAYMENT_ATTEMPT_STALE_MS: '2000' });

/** A twin started by its documented command; answers what its first lines say (`pattern`'s groups). */
function startTwin(script: string, env: Record<string, string>, pattern: RegExp): Promise<RegExpMatchArray> {
  const twin = spawn('pnpm', [script], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  twins.push(twin);
  return new Promise((resolve, reject) => {
    let output = '';
    twin.stdout!.on('data', (chunk) => {
      output += chunk;
      const match = output.match(pattern);
      if (match) resolve(match);
    });
    twin.on('exit', (code) => reject(new Error(`${script} exited with ${code}: ${output}`)));
  });
}

beforeAll(async () => {
  [, twinUrl] = await startTwin('twin:tranzila', { TRANZILA_TWIN_PORT: String(await freePort()) }, /Tranzila twin on (http:\/\/\S+)/);
  const port = await freePort();
  apiUrl = `http://localhost:${port}`;
  // The Tax Authority twin prints the variables to start Kupa with.
  const [, url, kupaEnv] = await startTwin(
    'twin:tax-authority',
    { TAX_AUTHORITY_TWIN_PORT: String(await freePort()), TAX_AUTHORITY_TWIN_REDIRECT_URI: `${apiUrl}/v1/tax_authority/callback` },
    /Israel Invoices twin on (http:\/\/[^\s,]+)[\s\S]*Kupa: (.+)\n/,
  );
  taxAuthorityUrl = url;
  smtp = await startSmtpSink();

  const checkoutPort = await freePort();
  const pgPort = await freePort();
  service = pnpmStart({
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    PORT: String(port),
    CHECKOUT_PORT: String(checkoutPort),
    LOG_LEVEL: 'warn',
    ...SETTINGS(),
    ...Object.fromEntries(
      kupaEnv
        .trim()
        .split(/\s+/)
        .map((pair) => pair.split('=') as [string, string]),
    ),
    SOFTWARE_REGISTRATION_NUMBER: '98765432',
    SMTP_URL: smtp.url,
  });
  await service.waitFor(/Press Ctrl-C to stop/);
  const password = readFileSync(join(dataDir, 'postgres.password'), 'utf8').trim();
  database = new pg.Client({ connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pgPort}/kupa` });
  await database.connect();
  checkoutUrl = `http://localhost:${checkoutPort}`;
  site = new MerchantSite(checkoutUrl);
  await site.start();
  browser = await launchBrowser();

  const account = JSON.parse(cli('accounts', 'create', '--name', 'Olive Grove', '--json'));
  live = createKupaClient({ baseUrl: `http://localhost:${port}`, apiKey: account.api_keys.live });
  const profile = await live.POST('/v1/account', {
    body: {
      business_profile: {
        legal_name: 'Olive Grove Ltd',
        business_number: '516179157',
        dealer_type: 'company',
        address: { line1: 'Herzl 12', city: 'Haifa', postal_code: '3303101' },
        email: null,
        phone: null,
      },
    },
  });
  expect(profile.error).toBeUndefined();
  // Refused until the terminal is connected, with the reason.
  expect(() => cli('accounts', 'update', '--account', account.account.id, '--live-onboarded')).toThrow(/Connect the live card processor/);
  accountId = account.account.id;
  await connectTerminalFromTheDashboard(account.account.id);
  expect((await live.GET('/v1/account')).data!.data.processor).toMatchObject({ name: 'tranzila', terminal: 'kupatwin' });
  expect(cli('accounts', 'update', '--account', account.account.id, '--live-onboarded')).toMatch(/live onboarding done/);
  customer = (await live.POST('/v1/customers', { body: { name: 'Noa Cohen', email: 'noa@example.co.il' } })).data!.data.id;
}, 240_000);

/**
 * The account's owner, invited by the operator (no key makes owners), connects the terminal from the
 * dashboard: live mode needs their two-factor sign-in first.
 */
async function connectTerminalFromTheDashboard(accountId: string): Promise<void> {
  const byKey = await live.POST('/v1/users', { body: { email: 'owner@olive.example.co.il', role: 'owner', locale: 'en' } });
  expect(byKey.error?.error.code).toBe('permission_denied');
  expect(cli('users', 'invite', '--account', accountId, '--email', 'owner@olive.example.co.il', '--locale', 'en')).toMatch(
    /Invited owner@olive\.example\.co\.il as owner/,
  );
  const link = /http\S+#\S+/.exec(String((await waitForMail('owner@olive.example.co.il')).text))![0];
  const { page, context } = await openPage(browser, { viewport: { width: 1280, height: 900 } });
  await page.goto(link);
  await page.getByLabel('Your name').fill('Yossi');
  await page.getByLabel(/Choose a password/).fill('an owner password for live');
  await page.getByRole('button', { name: 'Join' }).click();
  // Refused: the page stays in test mode and says why.
  await page.getByLabel('Live mode').click();
  await pwExpect(page.getByRole('alert')).toHaveText('Turn on two-factor sign-in first, on the Security page');
  await pwExpect(page.getByLabel('Test mode')).toBeChecked();
  await page.getByRole('link', { name: 'Security' }).click();
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  const secret = (await page.locator('code').first().textContent())!;
  await page.getByLabel('Code from your authenticator app').fill(totpCode(secret, new Date()));
  await page.getByRole('button', { name: 'Turn on' }).click();
  await pwExpect(page.getByText('Two-factor sign-in is on')).toBeVisible();
  await page.getByLabel('Live mode').click();
  await pwExpect(page.getByLabel('Live mode')).toBeChecked();
  await pwExpect(page.getByText('Test mode: no real money here')).toHaveCount(0);
  await page.getByRole('link', { name: 'Settings' }).click();
  await page.getByLabel('Terminal').fill('kupatwin');
  await page.getByLabel('Application key').fill('twin_app_key');
  await page.getByLabel('Secret', { exact: true }).fill('twin_secret');
  await page.getByRole('button', { name: 'Connect Tranzila' }).click();
  await pwExpect(page.locator('dl.facts')).toContainText('tranzila · kupatwin');
  await screenshot(page, 'dashboard-en-live-settings');
  await context.close();
}

afterAll(async () => {
  await database?.end();
  await browser?.close();
  await site?.close();
  await service?.interrupt();
  for (const twin of twins) if (twin.pid) process.kill(-twin.pid, 'SIGTERM');
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function liveSession(body: Partial<Schemas['CheckoutSessionCreateRequest']>): Promise<Schemas['CheckoutSession']> {
  const created = await live.POST('/v1/checkout_sessions', {
    body: {
      customer,
      success_url: `${site.origin}/thanks?session={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site.origin}/cart`,
      locale: 'en',
      ...body,
    } as Schemas['CheckoutSessionCreateRequest'],
  });
  if (!created.data) throw new Error(JSON.stringify(created.error));
  return created.data.data;
}

/** The security code typed in every journey: no request to Kupa may carry it, nor the card number. */
const CVC = '9183';

/** Types the card into Tranzila's own fields (the twin's iframes), each frame named by the page's label. */
async function fillCard(page: Page, number: string) {
  await page.frameLocator('iframe[title="Card number"]').getByRole('textbox').fill(number);
  await page.frameLocator('iframe[title="Expiry date"]').getByRole('textbox').fill('12/34');
  await page.frameLocator('iframe[title="Security code"]').getByRole('textbox').fill(CVC);
}

/** Every request the page sent to Kupa's hosts (the API and the checkout host), with its body. */
function kupaRequests(page: Page): string[] {
  const sent: string[] = [];
  const kupa = [new URL(apiUrl).origin, checkoutUrl];
  page.on('request', (request) => {
    if (kupa.includes(new URL(request.url()).origin)) sent.push(`${request.method()} ${request.url()} ${request.postData() ?? ''}`);
  });
  return sent;
}

/** Nothing Kupa received carries the card number (with or without spaces) or the security code. */
function expectNoCardData(sent: string[], number: string) {
  expect(sent.length).toBeGreaterThan(0);
  for (const line of sent) {
    expect(line).not.toContain(number.replace(/ /g, ''));
    expect(line).not.toContain(number);
    expect(line).not.toContain(CVC);
  }
}

const chargeOf = async (session: { id: string }) => {
  const id = (await live.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.charge!;
  return (await live.GET('/v1/charges/{id}', { params: { path: { id } } })).data!.data;
};

describe('a live shop on Tranzila', () => {
  it('takes a card payment in installments: one debit at Tranzila with its payments', async () => {
    const session = await liveSession({ line_items: [{ name: 'Olive oil set', amount_agorot: 30_000 }], installments: { max: 6 } });
    const before = (await moved()).length;
    const { page, errors } = await openPage(browser);
    const sent = kupaRequests(page);
    await page.goto(session.url);
    await pwExpect(page.getByRole('button', { name: /Pay with wallet/ })).toHaveCount(0);
    await page.getByLabel('Number of payments').selectOption({ label: '3 payments of ₪100.00' });
    await fillCard(page, '4444 3333 2222 1111');
    await screenshot(page, 'live-installments');
    await page.getByRole('button', { name: 'Pay ₪300.00' }).click();
    await page.waitForURL(/\/thanks/);
    expect(await chargeOf(session)).toMatchObject({
      status: 'succeeded',
      amount: 30_000,
      installments: 3,
      livemode: true,
      payment_method_details: { card: { brand: 'visa', last4: '1111' } },
    });
    const debits = (await moved()).slice(before);
    expect(debits).toMatchObject([{ txnType: 'debit', amount: 30_000, installments: 3 }]);
    // The page loaded Tranzila's script and frames under its CSP (a refusal would be a console error).
    expect(errors).toEqual([]);
    expectNoCardData(sent, '4444 3333 2222 1111');
  });

  it('pays in Hebrew, right to left, with the fields under Hebrew labels', async () => {
    const session = await liveSession({ line_items: [{ name: 'שמן זית', amount_agorot: 5_000 }], locale: 'he' });
    const { page, errors } = await openPage(browser, { locale: 'he-IL' });
    await page.goto(session.url);
    await pwExpect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await page.frameLocator('iframe[title="מספר כרטיס"]').getByRole('textbox').fill('4444333322221111');
    await page.frameLocator('iframe[title="תוקף"]').getByRole('textbox').fill('12/34');
    await page.frameLocator('iframe[title="קוד אבטחה"]').getByRole('textbox').fill(CVC);
    await screenshot(page, 'live-hosted-fields-he');
    await page.getByRole('button', { name: /^תשלום/ }).click();
    await page.waitForURL(/\/thanks/);
    expect(await chargeOf(session)).toMatchObject({ status: 'succeeded', amount: 5_000 });
    expect(errors).toEqual([]);
  });

  it("pays embedded on the merchant's site: Tranzila's frames inside the checkout's, one result message, no card to Kupa", async () => {
    const session = await liveSession({ line_items: [{ name: 'Embedded', amount_agorot: 4_400 }] });
    const { page, errors } = await openPage(browser);
    const sent = kupaRequests(page);
    await page.goto(`${site.origin}/shop?embed_url=${encodeURIComponent(session.embed_url!)}`);
    expect(await page.locator('iframe').first().getAttribute('allow')).toBe('payment');
    const checkout = page.frameLocator('iframe');
    await checkout.frameLocator('iframe[title="Card number"]').getByRole('textbox').fill('4444 3333 2222 1111');
    await checkout.frameLocator('iframe[title="Expiry date"]').getByRole('textbox').fill('12/34');
    await checkout.frameLocator('iframe[title="Security code"]').getByRole('textbox').fill(CVC);
    await page.waitForFunction(() => (window as unknown as { ready: unknown[] }).ready.length === 1);
    await screenshot(page, 'live-embed');
    await checkout.getByRole('button', { name: 'Pay ₪44.00' }).click();
    await pwExpect(checkout.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await page.waitForFunction(() => (window as unknown as { results: unknown[] }).results.length === 1);
    const seen = await page.evaluate(() => {
      const w = window as unknown as { results: unknown[]; raw: { origin: string; data: { type: string } }[] };
      return { results: w.results, raw: w.raw };
    });
    expect(seen.results).toEqual([{ status: 'success', sessionId: session.id }]);
    expect(seen.raw.every((message) => message.origin === checkoutUrl)).toBe(true);
    expect(seen.raw.some((message) => message.data.type === 'service-checkout-resize')).toBe(true);
    expect(await chargeOf(session)).toMatchObject({ status: 'succeeded', amount: 4_400 });
    expectNoCardData(sent, '4444 3333 2222 1111');
    expect(errors).toEqual([]);
  });

  it("starts a subscription in Tranzila's fields, and the renewal charges Tranzila's token without the shopper", async () => {
    const product = (await live.POST('/v1/products', { body: { name: 'Olive club' } })).data!.data.id;
    const monthly = (
      await live.POST('/v1/prices', {
        body: { product, unit_amount: 6_900, currency: 'ils', type: 'recurring', recurring: { interval: 'month' } },
      })
    ).data!.data.id;
    const session = await liveSession({ price: monthly });
    const before = (await moved()).length;
    const { page, errors } = await openPage(browser);
    const sent = kupaRequests(page);
    await page.goto(session.url);
    await fillCard(page, '4444 3333 2222 1111');
    await page.getByRole('button', { name: /₪69\.00/ }).click();
    await page.waitForURL(/\/thanks/);
    const subscription = (await live.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.subscription!;
    expect((await live.GET('/v1/subscriptions/{id}', { params: { path: { id: subscription } } })).data!.data.status).toBe('active');
    // A month passes: the period ends now, and the renewal job runs.
    await database.query("update subscriptions set current_period_end = now() - interval '1 minute' where id = $1", [subscription]);
    expect(JSON.parse(cli('jobs', 'run', 'renewals', '--json'))).toMatchObject({ job: 'renewals' });
    const charges = (await live.GET('/v1/charges', { params: { query: { limit: 100 } } })).data!.data.filter(
      (charge) => charge.subscription === subscription,
    );
    expect(charges.map((charge) => [charge.status, charge.amount])).toEqual([
      ['succeeded', 6_900],
      ['succeeded', 6_900],
    ]);
    // The first in the fields, the renewal server to server by the token they created: two debits.
    expect((await moved()).slice(before).map((t) => [t.txnType, t.amount])).toEqual([
      ['debit', 6_900],
      ['debit', 6_900],
    ]);
    expectNoCardData(sent, '4444 3333 2222 1111');
    expect(errors).toEqual([]);
  });

  it('finishes a payment whose tab closed after Tranzila approved: the reconciler finds it by its key, once', async () => {
    const session = await liveSession({ line_items: [{ name: 'Closed tab', amount_agorot: 7_700 }] });
    const before = (await moved()).length;
    const { page, context } = await openPage(browser);
    await page.goto(session.url);
    await fillCard(page, '4444 3333 2222 1111');
    await fetch(`${twinUrl}/twin/faults`, { method: 'POST', body: JSON.stringify({ mode: 'lost_callback', count: 1 }) });
    await page.getByRole('button', { name: 'Pay ₪77.00' }).click();
    for (let waited = 0; (await moved()).length === before && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
    await context.close();
    expect((await moved()).slice(before)).toMatchObject([{ txnType: 'debit', amount: 7_700 }]);
    expect((await live.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.status).toBe('pending');
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(JSON.parse(cli('jobs', 'run', 'reconcile', '--json'))).toMatchObject({ job: 'reconcile', checkouts: 1 });
    expect(await chargeOf(session)).toMatchObject({ status: 'succeeded', amount: 7_700 });
    expect((await moved()).slice(before)).toHaveLength(1);
  });

  it("starts a free trial with the card checked in Tranzila's fields, then updates it in the portal: ₪1 holds released, nothing charged", async () => {
    const product = (await live.POST('/v1/products', { body: { name: 'Tasting club' } })).data!.data.id;
    const trial = (
      await live.POST('/v1/prices', {
        body: { product, unit_amount: 3_900, currency: 'ils', type: 'recurring', recurring: { interval: 'month', trial_period_days: 14 } },
      })
    ).data!.data.id;
    const session = await liveSession({ price: trial });
    const before = (await ledger()).length;
    const { page, errors } = await openPage(browser);
    const sent = kupaRequests(page);
    await page.goto(session.url);
    await fillCard(page, '4444 3333 2222 1111');
    await page.getByRole('button', { name: 'Start trial' }).click();
    await page.waitForURL(/\/thanks/);
    const done = (await live.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data;
    expect(done).toMatchObject({ status: 'completed', charge: null });
    expect((await live.GET('/v1/subscriptions/{id}', { params: { path: { id: done.subscription! } } })).data!.data.status).toBe('trialing');

    // The customer updates the card in the portal, in the same fields.
    const portal = (
      await live.POST('/v1/billing_portal/sessions', { body: { customer, return_url: `${site.origin}/account`, locale: 'en' } })
    ).data!.data;
    await page.goto(portal.url);
    await page.getByRole('button', { name: 'Update card' }).click();
    await fillCard(page, '5555 5555 5555 4444');
    await screenshot(page, 'live-portal-update-card');
    await page.getByRole('button', { name: 'Save card' }).click();
    await pwExpect(page.getByRole('status')).toHaveText('Your card was saved; your subscriptions are charged to it from now on.');
    await pwExpect(page.getByText(/Mastercard.*4444/)).toBeVisible();
    const subscription = (await live.GET('/v1/subscriptions/{id}', { params: { path: { id: done.subscription! } } })).data!.data;
    const methods = (await live.GET('/v1/customers/{id}/payment_methods', { params: { path: { id: customer } } })).data!.data;
    expect(methods.find((method) => method.id === subscription.payment_method)?.card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    // At Tranzila: two ₪1 holds, each released, and no charge.
    const mine = (await ledger()).slice(before).filter((t) => t.responseCode === '000');
    expect(mine.map((t) => [t.txnType, t.amount])).toEqual([
      ['verify', 100],
      ['reversal', 100],
      ['verify', 100],
      ['reversal', 100],
    ]);
    expect(errors).toEqual([]);
    expectNoCardData(sent, '4444 3333 2222 1111');
    expectNoCardData(sent, '5555 5555 5555 4444');
  });

  it('holds a J5, captures part of it and refunds, each once at Tranzila', async () => {
    const session = await liveSession({ line_items: [{ name: 'Camera', amount_agorot: 10_000 }], capture_method: 'manual' });
    const { page } = await openPage(browser);
    await page.goto(session.url);
    await fillCard(page, '4444 3333 2222 1111');
    await page.getByRole('button', { name: 'Authorize ₪100.00' }).click();
    await page.waitForURL(/\/thanks/);
    const held = await chargeOf(session);
    expect(held.status).toBe('requires_capture');
    const captured = await live.POST('/v1/charges/{id}/capture', { params: { path: { id: held.id } }, body: { amount: 6_000 } });
    expect(captured.data!.data).toMatchObject({ status: 'succeeded', amount_captured: 6_000 });
    const refund = await live.POST('/v1/charges/{id}/refunds', { params: { path: { id: held.id } }, body: { amount: 2_000 } });
    expect(refund.error).toBeUndefined();
    const followUps = (await moved()).filter((t) => t.referenceTxnId !== null);
    expect(followUps.filter((t) => t.txnType === 'force').map((t) => t.amount)).toEqual([6_000]);
    expect(followUps.filter((t) => t.txnType === 'credit').map((t) => t.amount)).toEqual([2_000]);
    const events = (await live.GET('/v1/events', { params: { query: { limit: 100 } } }))
      .data!.data.filter((event) => (event.data as { id?: string }).id === held.id)
      .map((event) => event.type);
    expect(events.sort()).toEqual(['charge.authorized', 'charge.captured', 'charge.refunded']);
  });

  it('says so when Tranzila is down, and paying again pays once', async () => {
    const { page } = await openPage(browser);
    const session = await liveSession({ line_items: [{ name: 'Teapot', amount_agorot: 8_800 }] });
    await page.goto(session.url);
    await fillCard(page, '4444 3333 2222 1111');
    const before = (await moved()).length;
    await fetch(`${twinUrl}/twin/faults`, { method: 'POST', body: JSON.stringify({ mode: 'error', count: 1 }) });
    await page.getByRole('button', { name: 'Pay ₪88.00' }).click();
    await pwExpect(page.getByRole('alert')).toContainText('The payment could not be processed. Try again.');
    await screenshot(page, 'live-processor-down');
    expect((await moved()).length).toBe(before);
    await page.getByRole('button', { name: 'Pay ₪88.00' }).click();
    await page.waitForURL(/\/thanks/);
    expect((await moved()).slice(before)).toMatchObject([{ txnType: 'debit', amount: 8_800 }]);
  });

  it("shows a mistyped number under its field and the decline in the shopper's words, and moves no money", async () => {
    const session = await liveSession({ line_items: [{ name: 'Mug', amount_agorot: 3_500 }] });
    const before = (await moved()).length;
    const ledgerBefore = (await ledger()).length;
    const { page } = await openPage(browser);
    await page.goto(session.url);
    // The fields tell the brand as it is typed, and refuse a number that cannot be a card before any charge.
    await fillCard(page, '4444 3333 2222 1112');
    await pwExpect(page.locator('.field-label__brand')).toHaveAttribute('data-brand', 'visa');
    await pwExpect(page.locator('.field-label__brand')).toContainText('Visa');
    await page.getByRole('button', { name: 'Pay ₪35.00' }).click();
    await pwExpect(page.getByText('Your card number is not valid.')).toBeVisible();
    await screenshot(page, 'live-number-invalid');
    expect((await ledger()).length).toBe(ledgerBefore);
    await fillCard(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay ₪35.00' }).click();
    await pwExpect(page.getByRole('alert')).toContainText('Your card was declined. Try another card.');
    await screenshot(page, 'live-declined');
    expect((await moved()).length).toBe(before);
  });

  it("pays with Bit on Tranzila's page, framed in the checkout: declined first, then approved in the app, one Bit payment", async () => {
    expect(cli('accounts', 'update', '--account', accountId, '--wallets')).toMatch(/wallets on/);
    const session = await liveSession({ line_items: [{ name: 'Olive soap', amount_agorot: 4_800 }] });
    const before = (await moved()).length;
    const { page, errors } = await openPage(browser);
    const sent = kupaRequests(page);
    await page.goto(session.url);
    await page.getByRole('button', { name: 'Pay with Bit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay with Bit' });
    await pwExpect(dialog).toBeVisible();
    const bit = page.frameLocator('iframe[title="Pay with Bit"]').frameLocator('iframe[title="Bit"]');
    await pwExpect(bit.getByText('Scan the code in the Bit app')).toBeVisible();
    await pwExpect(bit.getByText('₪48.00')).toBeVisible();
    await screenshot(page, 'live-bit');
    await bit.getByRole('button', { name: 'Decline' }).click();
    await pwExpect(page.getByRole('alert')).toContainText('The Bit payment was not completed, and you were not charged.');
    await pwExpect(dialog).toBeHidden();
    expect((await moved()).length).toBe(before);
    // Again: a new Bit page for a new payment, approved in the app this time.
    await page.getByRole('button', { name: 'Pay with Bit' }).click();
    await page
      .frameLocator('iframe[title="Pay with Bit"]')
      .frameLocator('iframe[title="Bit"]')
      .getByRole('button', { name: 'Approve in the app' })
      .click();
    await page.waitForURL(/\/thanks/);
    expect(await chargeOf(session)).toMatchObject({
      status: 'succeeded',
      amount: 4_800,
      livemode: true,
      payment_method_details: { type: 'wallet', wallet: 'bit' },
    });
    expect((await moved()).slice(before)).toMatchObject([{ txnType: 'debit', amount: 4_800, channel: 'bit' }]);
    // Bit's page was let in by the frame that holds it, and by nothing else.
    expect(errors).toEqual([]);
    expect(sent.some((line) => line.includes('/bit_notification/'))).toBe(false);
  });

  it("pays with Bit inside the embedded checkout on the merchant's site: one result message", async () => {
    expect(cli('accounts', 'update', '--account', accountId, '--wallets')).toMatch(/wallets on/);
    const session = await liveSession({ line_items: [{ name: 'Embedded soap', amount_agorot: 2_900 }] });
    const { page, errors } = await openPage(browser);
    await page.goto(`${site.origin}/shop?embed_url=${encodeURIComponent(session.embed_url!)}`);
    const checkout = page.frameLocator('iframe');
    await page.waitForFunction(() => (window as unknown as { ready: unknown[] }).ready.length === 1);
    await checkout.getByRole('button', { name: 'Pay with Bit' }).click();
    const bit = checkout.frameLocator('iframe[title="Pay with Bit"]').frameLocator('iframe[title="Bit"]');
    await pwExpect(bit.getByText('₪29.00')).toBeVisible();
    await screenshot(page, 'live-bit-embed');
    // The dialog is centred in the embed's frame, as tall as the checkout: the shopper scrolls the shop's page down to it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await bit.getByRole('button', { name: 'Approve in the app' }).click();
    await pwExpect(checkout.getByRole('heading', { name: 'Payment received' })).toBeVisible();
    await page.waitForFunction(() => (window as unknown as { results: unknown[] }).results.length === 1);
    expect(await page.evaluate(() => (window as unknown as { results: unknown[] }).results)).toEqual([
      { status: 'success', sessionId: session.id },
    ]);
    expect(await chargeOf(session)).toMatchObject({ status: 'succeeded', amount: 2_900, payment_method_details: { wallet: 'bit' } });
    expect(errors).toEqual([]);
  });

  it('finishes a Bit payment approved in the app whose frame never came back: the notification completes it, and the page sees it', async () => {
    const session = await liveSession({ line_items: [{ name: 'Honey', amount_agorot: 2_600 }], locale: 'he' });
    const before = (await moved()).length;
    const { page } = await openPage(browser, { locale: 'he-IL' });
    await page.goto(session.url);
    await page.getByRole('button', { name: 'תשלום ב-Bit' }).click();
    await fetch(`${twinUrl}/twin/faults`, { method: 'POST', body: JSON.stringify({ mode: 'lost_callback', count: 1 }) });
    const bit = page.frameLocator('iframe[title="תשלום ב-Bit"]').frameLocator('iframe[title="Bit"]');
    await bit.getByRole('button', { name: 'אישור באפליקציה' }).click();
    await pwExpect(bit.getByText('התשלום הסתיים')).toBeVisible();
    await page.waitForURL(/\/thanks/);
    expect(await chargeOf(session)).toMatchObject({ status: 'succeeded', amount: 2_600 });
    expect((await moved()).slice(before)).toHaveLength(1);
  });

  it("a business customer's payment above the threshold: the receipt email attaches the signed PDF with the allocation number", async () => {
    // Connect the business to the Tax Authority (the twin consents at once), then upload its signing certificate.
    const { authorization_url } = (await live.POST('/v1/account/tax_authority/connect')).data!.data;
    const { page } = await openPage(browser);
    await page.goto(authorization_url);
    await pwExpect(page.getByRole('heading', { name: 'Your business is connected to the Tax Authority' })).toBeVisible();
    expect((await live.GET('/v1/account')).data!.data.tax_authority.status).toBe('connected');
    const year = 365 * 24 * 3600_000;
    const { p12 } = merchantPkcs12('Olive Grove Ltd', 'p12 password', {
      from: new Date(Date.now() - year),
      to: new Date(Date.now() + year),
    });
    const certificate = await live.POST('/v1/account/document_certificate', {
      body: { pkcs12: p12.toString('base64'), password: 'p12 password' },
    });
    expect(certificate.data?.data).toMatchObject({ subject: 'Olive Grove Ltd', test: false, livemode: true });

    // ₪11,800.00 with VAT: ₪10,000.00 before it, above the threshold, to a business customer.
    const business = (
      await live.POST('/v1/customers', { body: { name: 'Galil Foods Ltd', email: 'ap@galil.example.co.il', tax_id: '513456780' } })
    ).data!.data.id;
    const session = await liveSession({ customer: business, line_items: [{ name: 'Olive oil, wholesale', amount_agorot: 1_180_000 }] });
    await page.goto(session.url);
    await fillCard(page, '4444 3333 2222 1111');
    await page.getByRole('button', { name: 'Pay ₪11,800.00' }).click();
    await page.waitForURL(/\/thanks/);
    const charge = await chargeOf(session);
    const document = (await live.GET('/v1/documents/{id}', { params: { path: { id: charge.document! } } })).data!.data;

    // The email goes once the document is final: approved by the Tax Authority, then rendered and signed.
    const mail = await waitForMail('ap@galil.example.co.il');
    const approvals = (await (await fetch(`${taxAuthorityUrl}/twin/approvals`)).json()) as {
      invoiceId: string;
      confirmationNumber: string;
    }[];
    const approval = approvals.find((a) => a.invoiceId === document.id);
    expect(mail.attachments.map((a) => [a.filename, a.contentType])).toEqual([
      [`tax-invoice-receipt-${document.number}.pdf`, 'application/pdf'],
    ]);
    const pdf = join(dataDir, 'receipt.pdf');
    writeFileSync(pdf, mail.attachments[0].content);
    const signature = execFileSync('pdfsig', [pdf], { encoding: 'utf8' });
    expect(signature).toContain('Signature is Valid.');
    expect(signature).toContain('Signer Certificate Common Name: Olive Grove Ltd\n');
    const text = execFileSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).replace(/[\u202a-\u202e]/g, '');
    expect(approval).toBeDefined();
    expect(text).toContain(`מספר הקצאה ${approval!.confirmationNumber.slice(-9)}`);
    expect(text).toContain('מקור');
    expect(text).not.toContain('מסמך בדיקה');
  });
});

describe('what Kupa kept of the live journeys', () => {
  it('holds no card number in its write-ahead log or its output', () => {
    const wal = join(dataDir, 'postgres', 'pg_wal');
    const segments = readdirSync(wal).filter((name) => /^[0-9A-F]{24}$/.test(name));
    expect(segments.length).toBeGreaterThan(0);
    let written = false;
    for (const segment of segments) {
      const bytes = readFileSync(join(wal, segment));
      written ||= bytes.includes('noa@example.co.il');
      expect(bytes.includes('4444333322221111'), segment).toBe(false);
    }
    // What was written in the clear is found: the customer's email.
    expect(written).toBe(true);
    expect(service.output()).not.toContain('4444333322221111');
    expect(service.output()).not.toContain('4444 3333 2222 1111');
  });
});

async function waitForMail(to: string) {
  for (const started = Date.now(); Date.now() - started < 60_000; await new Promise((resolve) => setTimeout(resolve, 200))) {
    const mail = smtp.messages.find((message) => JSON.stringify(message.to).includes(to));
    if (mail) return mail;
  }
  throw new Error(`no email to ${to}`);
}
