import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS } from '../src/modules/payments/payments.tokens';
import { type CardProcessor, type ProcessorDirectory, ProcessorTimeout } from '../src/modules/payments/application/ports/card-processor';
import { TranzilaConnector } from '../src/modules/payments/infrastructure/processors/tranzila/tranzila.connector';
import { signedHeaders } from '../src/modules/payments/infrastructure/processors/tranzila/signing';
import { chargeInHostedFields } from './support/checkout';
import { startTranzilaTwin, type TranzilaTwin } from '../twins/tranzila/twin';
import { conformanceSuite } from './processors/conformance';
import { freshDatabase } from './support/database';
import { waitFor } from './support/receiver';
import { startTestApp, TEST_FINGERPRINT_SECRET, type TestApp } from './support/harness';

const card = (number: string, cvc = '123') => ({ number, expMonth: 12, expYear: 2031, cvc });
/** The connector's settings for a twin (or an address where nothing answers). */
const settingsAt = (url: string) => ({
  apiUrl: url,
  reportUrl: url,
  hostedFieldsUrl: `${url}/hosted-fields/thostedf.js`,
  timeoutMs: 500,
  fingerprintSecret: TEST_FINGERPRINT_SECRET,
});
const TERMINAL = { terminal: 'kupaconf', appKey: 'conf_app_key_0123456789', secret: 'conf_secret_abcdefghijklmnop' };

let app: TestApp;
let simulated: CardProcessor;
let twin: TranzilaTwin;
let tranzila: TranzilaConnector;

beforeAll(async () => {
  app = await startTestApp(await freshDatabase());
  simulated = await app.services.container
    .get<ProcessorDirectory>(PAYMENTS.Processors)
    .forScope({ accountId: 'acct_any', livemode: false });
  twin = await startTranzilaTwin({ terminals: [TERMINAL] });
  tranzila = new TranzilaConnector(TERMINAL, settingsAt(twin.url));
});
afterAll(async () => {
  await twin?.close();
  await app?.close();
});

const sql = (query: string, params: unknown[]) => app.services.orm.em.fork().getConnection().execute(query, params);

conformanceSuite('simulated', { network: false, threeDSecure: true }, () => ({
  processor: simulated,
  cards: {
    approved: card('4242424242424242'),
    declines: [
      { card: card('4000000000000002'), code: 'card_declined', soft: false },
      { card: card('4000000000009995'), code: 'insufficient_funds', soft: true },
    ],
    challenge: card('4000002760003184'),
  },
  async movedUnder(key) {
    const [{ n }] = await sql(
      `select count(*)::int as n from sim_ledger where idempotency_key = ? and coalesce(result->>'status', 'authorized') = 'authorized'`,
      [key],
    );
    return n;
  },
  async installmentsUnder(key) {
    const rows = await sql(`select (request->>'installments')::int as n from sim_ledger where idempotency_key = ?`, [key]);
    return rows[0]?.n ?? null;
  },
}));

conformanceSuite('tranzila', { network: true, threeDSecure: false }, () => ({
  processor: tranzila,
  cards: {
    approved: card('4444333322221111', '333'),
    declines: [
      { card: card('4000000000000002'), code: 'card_declined', soft: true },
      { card: card('4000000000000119'), code: 'card_declined', soft: false },
      { card: card('4000000000009995'), code: 'insufficient_funds', soft: true },
      // A card that needs 3-D Secure, which Tranzila runs only in its own hosted fields.
      { card: card('4000002760003184'), code: 'authentication_failed', soft: true },
    ],
  },
  movedUnder: async (key) =>
    twin.ledger.filter((transaction) => transaction.dcdisable === key && transaction.responseCode === '000').length,
  installmentsUnder: async (key) =>
    twin.ledger.find((transaction) => transaction.dcdisable === key && transaction.responseCode === '000')?.installments ?? null,
  collect: async (charge, input) => {
    const answer = await chargeInHostedFields(twin.url, charge, input.number);
    return answer.transaction_response?.transaction_id ?? null;
  },
  answerInBit: async (url, approve) => {
    await fetch(`${url}/${approve ? 'approve' : 'decline'}`, { method: 'POST', redirect: 'manual' });
  },
  faults: {
    loseNextAnswer: async () => twin.fault('lost'),
    failNext: async () => twin.fault('error'),
  },
}));

describe('the Tranzila twin and connector', () => {
  const post = (
    headers: Record<string, string>,
    body: object = { terminal_name: TERMINAL.terminal, transaction_start_date: '2026-01-01', transaction_end_date: '2026-01-02' },
  ) =>
    fetch(`${twin.url}/v1/transaction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });

  it('answers a correctly signed request, as the connector signs it', async () => {
    expect((await post(signedHeaders(TERMINAL, new Date()))).status).toBe(200);
  });

  it("refuses a bad HMAC, a stale time, a reused nonce and another key's terminal", async () => {
    expect((await post(signedHeaders({ appKey: TERMINAL.appKey, secret: 'not-the-secret' }, new Date()))).status).toBe(401);
    expect((await post(signedHeaders(TERMINAL, new Date(Date.now() - 10 * 60 * 1000)))).status).toBe(401);
    const once = signedHeaders(TERMINAL, new Date());
    expect((await post(once)).status).toBe(200);
    expect((await post(once)).status).toBe(401);
    expect((await post(signedHeaders(TERMINAL, new Date()), { terminal_name: 'someoneelse', transaction_index: 1 })).status).toBe(403);
  });

  it('is refused with processor_credentials_invalid when the secret is wrong; connecting answers the name of user field 20', async () => {
    const wrong = new TranzilaConnector({ ...TERMINAL, secret: 'wrong' }, settingsAt(twin.url));
    await expect(wrong.connect()).rejects.toMatchObject({ code: 'processor_credentials_invalid' });
    await expect(tranzila.connect()).resolves.toEqual({ key_field: 'order_ref' });
    const unreachable = new TranzilaConnector(TERMINAL, settingsAt('http://127.0.0.1:9'));
    await expect(unreachable.connect()).rejects.toMatchObject({ code: 'processor_timeout' });
  });

  it('refuses to connect a terminal whose user field 20 is not set up, or whose search answers no list', async () => {
    const bare = { terminal: 'kupabare', appKey: 'bare_app_key_0123456789', secret: 'bare_secret_abcdefghijklm', keyField: null };
    const other = await startTranzilaTwin({ terminals: [bare] });
    try {
      const settings = settingsAt(other.url);
      await expect(new TranzilaConnector(bare, settings).connect()).rejects.toMatchObject({
        code: 'processor_terminal_unsuitable',
        message: expect.stringContaining('user field 20'),
      });
      // A report API that lists the fields but refuses the search: connecting must not pass as if none were found.
      const refusing = createServer((req, res) => {
        res.setHeader('content-type', 'application/json');
        if (req.url === '/v1/terminals/settings/fields/list')
          return res.end(JSON.stringify([{ terminal_id: TERMINAL.terminal, field_id: 20, api_parameter_name: 'order_ref' }]));
        res.statusCode = 400;
        res.end(JSON.stringify({ error_code: 20010, message: 'Search refused' }));
      });
      await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
      const reportUrl = `http://127.0.0.1:${(refusing.address() as AddressInfo).port}`;
      try {
        await expect(new TranzilaConnector(TERMINAL, { ...settings, reportUrl }).connect()).rejects.toMatchObject({
          code: 'processor_terminal_unsuitable',
          message: expect.stringContaining('HTTP 400'),
        });
      } finally {
        refusing.close();
      }
    } finally {
      await other.close();
    }
  });

  it('finds a transaction by the name the terminal gives user field 20, read once when the connection did not keep it', async () => {
    const named = { terminal: 'kupanamed', appKey: 'named_app_key_0123456789', secret: 'named_secret_abcdefghijk', keyField: 'kupa_ref' };
    const other = await startTranzilaTwin({ terminals: [named] });
    try {
      const settings = settingsAt(other.url);
      const connector = new TranzilaConnector(named, settings);
      const { token } = await connector.tokenize(card('4444333322221111'), new Date());
      const key = `named_${Date.now()}`;
      await connector.authorize({
        idempotencyKey: key,
        source: { token },
        amount: 1_000,
        currency: 'ils',
        capture: true,
        installments: null,
        merchantInitiated: false,
        reference: 'cs_named',
      });
      expect(await connector.lookup(key)).toMatchObject({ outcome: { status: 'approved' } });
      // Kept from a connection: the same search, with no list read first.
      const kept = new TranzilaConnector(named, settings, { key_field: 'kupa_ref' });
      expect(await kept.lookup(key)).toMatchObject({ outcome: { status: 'approved' } });
      // The name this terminal does not have finds nothing, as a search by user_defined_20 would.
      const stale = new TranzilaConnector(named, settings, { key_field: 'user_defined_20' });
      expect(await stale.lookup(key)).toBeNull();
    } finally {
      await other.close();
    }
  });

  it('reads a J2/J5 check answered 777 as approved, and a charge only by 000', async () => {
    const checks = {
      terminal: 'kupa777',
      appKey: 'c777_app_key_0123456789',
      secret: 'c777_secret_abcdefghijkl',
      checkApproved: '777' as const,
    };
    const other = await startTranzilaTwin({ terminals: [checks] });
    try {
      const connector = new TranzilaConnector(checks, settingsAt(other.url));
      const { token } = await connector.tokenize(card('4444333322221111'), new Date());
      const hold = { idempotencyKey: `hold_${Date.now()}`, source: { token }, amount: 5_000, currency: 'ils' as const, installments: null };
      const held = await connector.authorize({ ...hold, capture: false, merchantInitiated: false, reference: 'cs_777' });
      expect(held).toMatchObject({ status: 'authorized' });
      expect(await connector.lookup(hold.idempotencyKey)).toMatchObject({ outcome: { status: 'approved' } });
      await connector.capture({
        idempotencyKey: `force_${Date.now()}`,
        processorRef: (held as { processorRef: string }).processorRef,
        amount: 5_000,
      });
      expect(other.ledger.filter((t) => t.txnType === 'force')).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('prepares a hosted-fields charge: a handshake (thtk) locking the exact shekels, the plan, and the key in the duplicate guard', async () => {
    const request = { idempotencyKey: `pay_${Date.now()}`, amount: 13_410, currency: 'ils', capture: true, installments: 3 };
    const charge = await tranzila.hostedFields.prepare(request);
    expect(charge).toEqual({
      terminal_name: TERMINAL.terminal,
      thtk: expect.stringMatching(/^[0-9a-f]{32}$/),
      amount: '134.10',
      currency_code: 'ILS',
      tran_mode: 'A',
      payment_plan: '8',
      total_installments_number: '3',
      first_installment_amount: '44.70',
      other_installments_amount: '44.70',
      DCdisable: request.idempotencyKey,
    });
    expect(twin.handshakes.get(String(charge.thtk))).toMatchObject({ terminal: TERMINAL.terminal, sum: 13_410 });
    const hold = await tranzila.hostedFields.prepare({ ...request, capture: false, installments: null });
    expect(hold).toMatchObject({ tran_mode: 'V', payment_plan: '1' });
    expect(hold.thtk).not.toBe(charge.thtk);
  });

  it('reads a hosted-fields payment back by its transaction or its key, and refuses one whose key, amount, type or plan differ', async () => {
    const request = { idempotencyKey: `read_${Date.now()}`, amount: 2_500, currency: 'ils', capture: true, installments: null };
    const read = (more: Partial<Parameters<typeof tranzila.hostedFields.read>[0]>) =>
      tranzila.hostedFields.read({ ...request, transactionId: null, ...more });
    expect(await read({})).toEqual({ status: 'not_found' });
    const charged = await chargeInHostedFields(twin.url, await tranzila.hostedFields.prepare(request), '4444333322221111');
    const index = charged.transaction_response!.transaction_id;
    const shown = { brand: 'visa' as const, last4: '1111' };
    const approved = await read({ transactionId: index, shown });
    expect(approved).toMatchObject({
      status: 'authorized',
      processorRef: expect.stringContaining(index),
      card: { brand: 'visa', last4: '1111', expMonth: 12, expYear: 2031 },
      cardRef: expect.stringMatching(/~1231~1111~visa$/),
    });
    expect(await read({})).toMatchObject({ status: 'authorized', processorRef: expect.stringContaining(index) });
    // Another payment's key (a reference replayed into this one), another amount, a hold for a sale, another plan: none completes it.
    expect(await read({ transactionId: index, idempotencyKey: 'pay_other' })).toEqual({ status: 'mismatch', field: 'reference' });
    expect(await read({ transactionId: index, amount: 2_400 })).toEqual({ status: 'mismatch', field: 'amount' });
    expect(await read({ transactionId: index, capture: false })).toEqual({ status: 'mismatch', field: 'type' });
    expect(await read({ transactionId: index, installments: 2 })).toEqual({ status: 'mismatch', field: 'installments' });
    expect(await read({ transactionId: '999999' })).toEqual({ status: 'mismatch', field: 'reference' });
    expect(await read({ transactionId: "1' or 1=1" })).toEqual({ status: 'mismatch', field: 'reference' });
    // A decline made in the fields is read back as a decline.
    const declinedKey = { ...request, idempotencyKey: `declined_${Date.now()}` };
    const declined = await chargeInHostedFields(twin.url, await tranzila.hostedFields.prepare(declinedKey), '4000000000000002');
    expect(
      await tranzila.hostedFields.read({ ...declinedKey, transactionId: declined.transaction_response!.transaction_id }),
    ).toMatchObject({ status: 'declined', code: 'card_declined' });
  });

  it('takes the request time in seconds, as the authentication page documents it, or in milliseconds, as the Handshake page shows it', async () => {
    const inMilliseconds = { ...signedHeaders(TERMINAL, new Date()) };
    const ms = String(Date.now());
    inMilliseconds['X-tranzila-api-request-time'] = ms;
    inMilliseconds['X-tranzila-api-access-token'] = createHmac('sha256', TERMINAL.secret + ms + inMilliseconds['X-tranzila-api-nonce'])
      .update(TERMINAL.appKey)
      .digest('hex');
    expect((await post(inMilliseconds)).status).toBe(200);
    const staleMs = String(Date.now() - 10 * 60 * 1000);
    const stale: Record<string, string> = { ...signedHeaders(TERMINAL, new Date()), 'X-tranzila-api-request-time': staleMs };
    stale['X-tranzila-api-access-token'] = createHmac('sha256', TERMINAL.secret + staleMs + stale['X-tranzila-api-nonce'])
      .update(TERMINAL.appKey)
      .digest('hex');
    expect((await post(stale)).status).toBe(401);
  });

  it('sends amounts in shekels exactly, and installments that add up', async () => {
    const { token } = await tranzila.tokenize(card('4444333322221111'), new Date());
    const key = `exact_${Date.now()}`;
    await tranzila.authorize({
      idempotencyKey: key,
      source: { token },
      amount: 10_001,
      currency: 'ils',
      capture: true,
      installments: 3,
      merchantInitiated: false,
      reference: 'co_exact',
    });
    const charged = twin.ledger.find((transaction) => transaction.dcdisable === key)!;
    expect(charged).toMatchObject({ amount: 10_001, paymentPlan: 8, installments: 3, otherInstallments: 3_333, firstInstallment: 3_335 });
  });

  it('after a slow answer, the repeat with the same key is refused as a duplicate and answered with the first charge', async () => {
    const { token } = await tranzila.tokenize(card('4444333322221111'), new Date());
    const request = {
      idempotencyKey: `slow_${Date.now()}`,
      source: { token },
      amount: 2_500,
      currency: 'ils',
      capture: true,
      installments: null,
      merchantInitiated: false,
      reference: 'co_slow',
    };
    twin.fault('slow', 1, 2_500);
    // Tranzila commits after the connector stopped waiting (500 ms) and after its lookup found nothing: unknown.
    await expect(tranzila.authorize(request)).rejects.toBeInstanceOf(ProcessorTimeout);
    await waitFor('the slow charge to be committed', () =>
      twin.ledger.some((transaction) => transaction.dcdisable === request.idempotencyKey),
    );
    const again = await tranzila.authorize(request);
    expect(again.status).toBe('authorized');
    const charged = twin.ledger.filter((transaction) => transaction.dcdisable === request.idempotencyKey);
    expect(charged.map((transaction) => transaction.responseCode)).toEqual(['000']);
    expect((again as { processorRef: string }).processorRef.split('~')[0]).toBe(charged[0].index);
  });

  it('keeps a J5 for its window: past it, Tranzila refuses to charge the hold', async () => {
    const { token } = await tranzila.tokenize(card('4444333322221111'), new Date());
    const hold = await tranzila.authorize({
      idempotencyKey: `window_${Date.now()}`,
      source: { token },
      amount: 5_000,
      currency: 'ils',
      capture: false,
      installments: null,
      merchantInitiated: false,
      reference: 'co_window',
    });
    expect(hold.status).toBe('authorized');
    const processorRef = (hold as { processorRef: string }).processorRef;
    twin.advance(tranzila.capabilities.holdWindowMs + 60_000);
    try {
      await expect(tranzila.capture({ idempotencyKey: `late_${Date.now()}`, processorRef, amount: 5_000 })).rejects.toMatchObject({
        code: 'charge_not_capturable',
      });
    } finally {
      twin.advance(-(tranzila.capabilities.holdWindowMs + 60_000));
    }
    await expect(tranzila.capture({ idempotencyKey: `in_time_${Date.now()}`, processorRef, amount: 5_000 })).resolves.toMatchObject({
      processorRef: expect.any(String),
    });
  });

  it('refuses a card at the J2 check when tokenizing, and keeps no card number in what it answers', async () => {
    await expect(tranzila.tokenize(card('4000000000000127'), new Date())).rejects.toMatchObject({ code: 'card_declined' });
    const { token } = await tranzila.tokenize(card('4444333322221111'), new Date());
    expect(token).not.toMatch(/4444333322221111|33322221/);
  });
});
