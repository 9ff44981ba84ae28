import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENTS } from '../src/modules/payments/payments.tokens';
import { type CardProcessor, type ProcessorDirectory, ProcessorTimeout } from '../src/modules/payments/application/ports/card-processor';
import { TranzilaConnector } from '../src/modules/payments/infrastructure/processors/tranzila/tranzila.connector';
import { signedHeaders } from '../src/modules/payments/infrastructure/processors/tranzila/signing';
import { startTranzilaTwin, type TranzilaTwin } from '../twins/tranzila/twin';
import { conformanceSuite } from './processors/conformance';
import { freshDatabase } from './support/database';
import { waitFor } from './support/receiver';
import { startTestApp, TEST_FINGERPRINT_SECRET, type TestApp } from './support/harness';

const card = (number: string, cvc = '123') => ({ number, expMonth: 12, expYear: 2031, cvc });
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
  tranzila = new TranzilaConnector(TERMINAL, {
    apiUrl: twin.url,
    reportUrl: twin.url,
    timeoutMs: 500,
    fingerprintSecret: TEST_FINGERPRINT_SECRET,
  });
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

  it('is refused with processor_credentials_invalid when the secret is wrong, and checks good credentials with one call', async () => {
    const wrong = new TranzilaConnector(
      { ...TERMINAL, secret: 'wrong' },
      { apiUrl: twin.url, reportUrl: twin.url, timeoutMs: 500, fingerprintSecret: TEST_FINGERPRINT_SECRET },
    );
    await expect(wrong.checkCredentials()).rejects.toMatchObject({ code: 'processor_credentials_invalid' });
    await expect(tranzila.checkCredentials()).resolves.toBeUndefined();
    const unreachable = new TranzilaConnector(TERMINAL, {
      apiUrl: 'http://127.0.0.1:9',
      reportUrl: 'http://127.0.0.1:9',
      timeoutMs: 300,
      fingerprintSecret: TEST_FINGERPRINT_SECRET,
    });
    await expect(unreachable.checkCredentials()).rejects.toMatchObject({ code: 'processor_timeout' });
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
