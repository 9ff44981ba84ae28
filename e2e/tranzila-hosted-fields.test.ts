import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TranzilaConnector } from '../services/api/src/modules/payments/infrastructure/processors/tranzila/tranzila.connector';
import { startTranzilaTwin, type TranzilaTwin } from '../services/api/twins/tranzila/twin';
import { launchBrowser, openPage, screenshot, type WatchedPage } from './support/browser';

// The Tranzila twin's hosted fields, in Chromium, on a page of another origin: the card goes from the
// twin's iframes to the twin alone, a handshake locks the amount, and what the page is told is checked
// by reading the transaction back from the transaction search.

const TERMINAL = { terminal: 'kupahosted', appKey: 'hosted_app_key_0123456789', secret: 'hosted_secret_abcdefghijk' };
const CARD = '4444333322221111';

let twin: TranzilaTwin;
let connector: TranzilaConnector;
let site: Server;
let siteUrl: string;
let browser: Browser;

/** A merchant's page that mounts the three fields and pays through them. */
function paymentPage(twinUrl: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pay</title>
<script src="${twinUrl}/hosted-fields/thostedf.js"></script></head>
<body><main><h1>Pay</h1>
<div id="number"></div><div id="expiry"></div><div id="cvv"></div>
<script>
  const fields = TzlaHostedFields.create({
    fields: {
      credit_card_number: { selector: '#number', placeholder: 'Card number', tabindex: 1 },
      expiry: { selector: '#expiry', placeholder: 'MM/YY', tabindex: 2 },
      cvv: { selector: '#cvv', placeholder: 'CVC', tabindex: 3 },
    },
  });
  window.pay = (params) => new Promise((resolve) => fields.charge(params, (error, response) => resolve({ error, response })));
</script></main></body></html>`;
}

type Charged = {
  error: Array<{ code: string }> | null;
  response: { transaction_response: { success: boolean; transaction_id: string } } | null;
};

async function openPaymentPage(): Promise<WatchedPage> {
  const watched = await openPage(browser);
  const bodies: string[] = [];
  watched.page.on('request', (request) => bodies.push(`${request.url()} ${request.postData() ?? ''}`));
  await watched.page.goto(siteUrl);
  await watched.page.frameLocator('#number iframe').getByRole('textbox', { name: 'Card number' }).fill(CARD);
  await watched.page.frameLocator('#expiry iframe').getByRole('textbox', { name: 'MM/YY' }).fill('12/31');
  await watched.page.frameLocator('#cvv iframe').getByRole('textbox', { name: 'CVC' }).fill('123');
  return { ...watched, requests: bodies };
}

const pay = (watched: WatchedPage, params: Record<string, string>) =>
  watched.page.evaluate((charge) => (window as unknown as { pay(p: object): Promise<Charged> }).pay(charge), params);

beforeAll(async () => {
  twin = await startTranzilaTwin({ terminals: [TERMINAL] });
  connector = new TranzilaConnector(TERMINAL, {
    apiUrl: twin.url,
    reportUrl: twin.url,
    hostedFieldsUrl: `${twin.url}/hosted-fields/thostedf.js`,
    timeoutMs: 2_000,
    fingerprintSecret: 'hosted',
  });
  site = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(paymentPage(twin.url));
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  site?.close();
  await twin?.close();
});

describe("the Tranzila twin's hosted fields", () => {
  it('pays the locked amount from the card in its own iframes; the page never holds the card', async () => {
    const watched = await openPaymentPage();
    await screenshot(watched.page, 'tranzila-twin-hosted-fields');
    // The fields are the twin's: the merchant's page cannot read them.
    expect(await watched.page.evaluate(() => document.querySelector<HTMLIFrameElement>('#number iframe')!.contentDocument)).toBeNull();
    const key = `pay_hosted_${Date.now()}`;
    const charge = await connector.hostedFields.prepare({
      idempotencyKey: key,
      amount: 12_500,
      currency: 'ils',
      capture: true,
      installments: null,
    });

    const { error, response } = await pay(watched, charge);

    expect(error).toBeNull();
    expect(response!.transaction_response.success).toBe(true);
    const transactionId = response!.transaction_response.transaction_id;
    const read = { idempotencyKey: key, amount: 12_500, currency: 'ils', capture: true, installments: null };
    expect(await connector.hostedFields.read({ ...read, transactionId })).toMatchObject({ status: 'authorized' });
    // Only the twin received the card: nothing sent to the page's own origin carries it.
    const toSite = watched.requests.filter((request) => request.startsWith(siteUrl));
    expect(toSite.length).toBeGreaterThan(0);
    expect(toSite.join('\n')).not.toContain(CARD);
    expect(
      watched.requests
        .filter((request) => request.includes(CARD))
        .every((request) => request.startsWith(`${twin.url}/hosted-fields/charge`)),
    ).toBe(true);
    expect(watched.errors).toEqual([]);
    await watched.page.context().close();
  });

  it('refuses another amount than the handshake locked with 912791, and moves nothing', async () => {
    const watched = await openPaymentPage();
    const before = twin.ledger.length;
    const charge = await connector.hostedFields.prepare({
      idempotencyKey: `pay_other_${Date.now()}`,
      amount: 12_500,
      currency: 'ils',
      capture: true,
      installments: null,
    });

    const { error, response } = await pay(watched, { ...charge, amount: '100.00' });

    expect(response).toBeNull();
    expect(error).toEqual([expect.objectContaining({ code: '912791' })]);
    expect(twin.ledger.length).toBe(before);
    await watched.page.context().close();
  });

  it('holds (J5) through the fields; an approval the page never hears of is found by its key', async () => {
    const watched = await openPaymentPage();
    const key = `pay_lost_${Date.now()}`;
    const hold = { idempotencyKey: key, amount: 5_000, currency: 'ils', capture: false, installments: null };
    const charge = await connector.hostedFields.prepare(hold);
    twin.fault('lost_callback');

    const heard = await Promise.race([pay(watched, charge), new Promise((resolve) => setTimeout(() => resolve('nothing'), 1_500))]);

    expect(heard).toBe('nothing');
    const held = twin.ledger.find((transaction) => transaction.dcdisable === key)!;
    expect(held).toMatchObject({ txnType: 'verify', verifyMode: 5, amount: 5_000, holdState: 'held' });
    expect(await connector.lookup(key)).toMatchObject({ outcome: { status: 'approved' } });
    expect(await connector.hostedFields.read({ ...hold, transactionId: null })).toMatchObject({
      status: 'authorized',
      processorRef: expect.stringContaining(held.index),
    });
    await watched.page.context().close();
  });
});
