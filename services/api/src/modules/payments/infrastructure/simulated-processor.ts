import { createHmac } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { GroupWriter } from '../../../platform/persistence/group-writer';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import { poolQuery } from '../../../platform/persistence/transaction-connection';
import { randomBase62 } from '../../../shared/domain/ids';
import type { AuthorizeOutcome, CardDetails, CardInput, CardProcessor, CardSource, DeclineCode } from '../application/ports/card-processor';
import { checkCard } from '../domain/card-rules';
import { PAYMENTS, type PaymentSettings } from '../payments.tokens';

type LedgerRecord = { idempotencyKey: string; operation: string; request: object };

type Behavior = 'ok' | 'declined' | 'insufficient_funds' | 'challenge' | 'renewal_declines';

/** DESIGN's test cards, by number; every other valid card succeeds. */
const TEST_CARDS: Record<string, Behavior> = {
  '4000000000000002': 'declined',
  '4000000000009995': 'insufficient_funds',
  '4000002760003184': 'challenge',
  '4000000000000341': 'renewal_declines',
};

const card = (last4: string, behavior: Behavior): CardDetails & { behavior: Behavior } => ({
  brand: 'visa', last4, expMonth: 12, expYear: 2034, fingerprint: `fp_test_${last4}`, behavior,
});

/** Ready-made tokens for API calls and tests. */
const TEST_TOKENS: Record<string, CardDetails & { behavior: Behavior }> = {
  tok_visa: card('4242', 'ok'),
  tok_declined: card('0002', 'declined'),
  tok_renewal_declines: card('0341', 'renewal_declines'),
  wallet_tok_visa: card('4242', 'ok'),
};

/**
 * The test-mode processor. It keeps its own books (`sim_cards`, `sim_ledger`) on the pool, outside our
 * transactions, as a real processor would: a money call with an idempotency key it has seen
 * replays the recorded answer. It stores brand, last4, expiry and a fingerprint, never the number or CVC.
 */
@injectable()
export class SimulatedProcessor implements CardProcessor {
  private readonly records = new GroupWriter<LedgerRecord, void>((records) => this.recordAll(records), (record) => record.idempotencyKey);

  constructor(
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(PAYMENTS.Settings) private readonly settings: PaymentSettings,
  ) {}

  async tokenize(input: CardInput, now: Date): Promise<{ token: string; card: CardDetails }> {
    const { digits, brand } = checkCard(input, now);
    const details: CardDetails = {
      brand,
      last4: digits.slice(-4),
      expMonth: input.expMonth,
      expYear: input.expYear,
      fingerprint: `fp_${createHmac('sha256', this.settings.fingerprintSecret).update(digits).digest('hex').slice(0, 24)}`,
    };
    const token = `tok_${randomBase62(24)}`;
    await poolQuery(
      this.em,
      'insert into sim_cards (token, brand, last4, exp_month, exp_year, fingerprint, behavior, reusable, created_at) values ($1, $2, $3, $4, $5, $6, $7, false, now())',
      [token, details.brand, details.last4, details.expMonth, details.expYear, details.fingerprint, TEST_CARDS[digits] ?? 'ok'],
    );
    return { token, card: details };
  }

  authorize(request: Parameters<CardProcessor['authorize']>[0]): Promise<AuthorizeOutcome> {
    return this.once(request.idempotencyKey, 'authorize', request, async () => {
      const found = await this.card(request.source);
      if (!found) return { status: 'declined', code: 'processing_error', card: null };
      const { behavior, ...details } = found;
      const decline = (code: DeclineCode): AuthorizeOutcome => ({ status: 'declined', code, card: details });
      if (behavior === 'declined') return decline('card_declined');
      if (behavior === 'insufficient_funds') return decline('insufficient_funds');
      if (behavior === 'renewal_declines' && request.merchantInitiated) return decline('card_declined');
      if (behavior === 'challenge' && !request.merchantInitiated) {
        const challengeId = `3ds_${randomBase62(20)}`;
        await poolQuery(this.em, 'insert into sim_ledger (idempotency_key, operation, request, result, created_at) values ($1, $2, $3, $4, now())', [
          `challenge:${challengeId}`, 'challenge', JSON.stringify(request), JSON.stringify({ card: details }),
        ]);
        return { status: 'requires_action', challengeId, card: details };
      }
      return { status: 'authorized', processorRef: `sim_ch_${randomBase62(20)}`, card: details };
    });
  }

  completeChallenge(request: { idempotencyKey: string; challengeId: string; result: 'authenticated' | 'failed' }): Promise<AuthorizeOutcome> {
    return this.once(request.idempotencyKey, 'complete_challenge', request, async () => {
      const rows = await poolQuery(this.em, 'select result from sim_ledger where idempotency_key = $1', [`challenge:${request.challengeId}`]);
      if (rows.length === 0) return { status: 'declined', code: 'processing_error', card: null };
      const { card: details } = rows[0].result as { card: CardDetails };
      if (request.result === 'failed') return { status: 'declined', code: 'authentication_failed', card: details };
      return { status: 'authorized', processorRef: `sim_ch_${randomBase62(20)}`, card: details };
    });
  }

  async capture(request: { idempotencyKey: string; processorRef: string; amount: number }): Promise<void> {
    await this.recordOnce(request.idempotencyKey, 'capture', request);
  }

  async void(request: { idempotencyKey: string; processorRef: string }): Promise<void> {
    await this.recordOnce(request.idempotencyKey, 'void', request);
  }

  async refund(request: { idempotencyKey: string; processorRef: string; amount: number }): Promise<void> {
    await this.recordOnce(request.idempotencyKey, 'refund', request);
  }

  isFixture(token: string): boolean {
    return Object.hasOwn(TEST_TOKENS, token);
  }

  async lookup(idempotencyKey: string): Promise<{ receivedAt: Date } | null> {
    const rows = await poolQuery(this.em, 'select created_at from sim_ledger where idempotency_key = $1', [idempotencyKey]);
    return rows.length > 0 ? { receivedAt: new Date(rows[0].created_at) } : null;
  }

  saveCard(request: { idempotencyKey: string; token: string }): Promise<{ ref: string; card: CardDetails } | { declined: DeclineCode }> {
    return this.once(request.idempotencyKey, 'save_card', request, async () => {
      const found = await this.card({ token: request.token });
      if (!found) return { declined: 'processing_error' as const };
      const { behavior, ...details } = found;
      // A card short of funds can still be saved; charging it is what fails.
      if (behavior === 'declined') return { declined: 'card_declined' as const };
      const ref = `sim_pm_${randomBase62(20)}`;
      await poolQuery(
        this.em,
        'insert into sim_cards (token, brand, last4, exp_month, exp_year, fingerprint, behavior, reusable, created_at) values ($1, $2, $3, $4, $5, $6, $7, true, now())',
        [ref, details.brand, details.last4, details.expMonth, details.expYear, details.fingerprint, behavior],
      );
      return { ref, card: details };
    });
  }

  private async card(source: CardSource): Promise<(CardDetails & { behavior: Behavior }) | null> {
    const key = 'token' in source ? source.token : source.paymentMethodRef;
    if (TEST_TOKENS[key]) return TEST_TOKENS[key];
    const rows = await poolQuery(this.em, 'select * from sim_cards where token = $1', [key]);
    if (rows.length === 0) return null;
    const row = rows[0];
    return { brand: row.brand, last4: row.last4, expMonth: row.exp_month, expYear: row.exp_year, fingerprint: row.fingerprint, behavior: row.behavior };
  }

  /** Runs `work` once per idempotency key; a repeated key replays the first answer. */
  private async once<T>(idempotencyKey: string, operation: string, request: object, work: () => Promise<T>): Promise<T> {
    const recorded = await poolQuery(this.em, 'select result from sim_ledger where idempotency_key = $1', [idempotencyKey]);
    if (this.settings.simulatedLatencyMs > 0) await setTimeout(this.settings.simulatedLatencyMs);
    if (recorded.length > 0) return recorded[0].result as T;
    const result = await work();
    const inserted = await poolQuery(
      this.em,
      'insert into sim_ledger (idempotency_key, operation, request, result, created_at) values ($1, $2, $3, $4, now()) on conflict (idempotency_key) do nothing returning result',
      [idempotencyKey, operation, JSON.stringify(request), JSON.stringify(result)],
    );
    if (inserted.length > 0) return result;
    // Another call with the same key got there first: its answer is the answer.
    return (await poolQuery(this.em, 'select result from sim_ledger where idempotency_key = $1', [idempotencyKey]))[0].result as T;
  }

  /**
   * A call whose answer never varies (capture, void, refund): recorded once per key; a repeat finds the
   * key taken and changes nothing, as a replay through `once` would.
   */
  private async recordOnce(idempotencyKey: string, operation: string, request: object): Promise<void> {
    if (this.settings.simulatedLatencyMs > 0) await setTimeout(this.settings.simulatedLatencyMs);
    await this.records.submit({ idempotencyKey, operation, request });
  }

  /** The calls of concurrent callers (a sweep's lanes), in one statement. */
  private async recordAll(records: LedgerRecord[]): Promise<void[]> {
    await poolQuery(
      this.em,
      `insert into sim_ledger (idempotency_key, operation, request, result, created_at)
       select idempotency_key, operation, request, '{"ok": true}', now()
         from jsonb_to_recordset($1::jsonb) as v(idempotency_key text, operation text, request jsonb)
       on conflict (idempotency_key) do nothing`,
      [JSON.stringify(records.map((record) => ({ idempotency_key: record.idempotencyKey, operation: record.operation, request: record.request })))],
    );
    return records.map(() => undefined);
  }
}
