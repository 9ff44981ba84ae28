import { createHmac } from 'node:crypto';
import { setTimeout } from 'node:timers/promises';
import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../../platform/persistence/persistence.tokens';
import { GroupWriter } from '../../../../../platform/persistence/group-writer';
import { poolRows } from '../../../../../platform/persistence/sql/statements';
import { randomBase62 } from '../../../../../shared/domain/ids';
import {
  type AuthorizeOutcome,
  type AuthorizeRequest,
  type CardDetails,
  type CardInput,
  type CardProcessor,
  type CardSource,
  type DeclineCode,
  type LookedUp,
  type TerminalSettings,
  ProcessorRefused,
} from '../../../application/ports/card-processor';
import { SIMULATED_CAPABILITIES } from './capabilities';
import { type Behavior, declineOf, TEST_CARDS, TEST_TOKENS } from './test-cards';
import { checkCard } from '../../../domain/card-rules';
import { PAYMENTS, type PaymentSettings } from '../../../payments.tokens';

/** What the ledger recorded as a call's answer (a challenge's row keeps its card). */
/** The 3-D Secure version the simulated issuers run (EMV 3-D Secure 2.2). */
const THREE_D_SECURE_VERSION = '2.2.0';

type LedgerResult = {
  status?: string;
  code?: DeclineCode;
  declined?: DeclineCode;
  processorRef?: string;
  ref?: string;
  card?: CardDetails;
};
type SimCardRow = {
  brand: CardDetails['brand'];
  last4: string;
  exp_month: number;
  exp_year: number;
  fingerprint: string;
  behavior: Behavior;
};

/**
 * The test-mode processor. It keeps its own books (`sim_cards`, `sim_ledger`) on the pool, outside our
 * transactions, as a real processor would: a money call with an idempotency key it has seen
 * replays the recorded answer. It stores brand, last4, expiry and a fingerprint, never the number or CVC.
 */
@injectable()
export class SimulatedProcessor implements CardProcessor {
  readonly name = 'simulated';
  readonly capabilities = SIMULATED_CAPABILITIES;

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
    const token = `sim_tok_${randomBase62(24)}`;
    await poolRows(
      this.em,
      `insert into sim_cards (token, brand, last4, exp_month, exp_year, fingerprint, behavior, reusable, created_at) values ($1, $2, $3, $4, $5, $6,
        $7, false, now())`,
      [token, details.brand, details.last4, details.expMonth, details.expYear, details.fingerprint, TEST_CARDS[digits] ?? 'ok'],
    );
    return { token, card: details };
  }

  authorize(request: AuthorizeRequest): Promise<AuthorizeOutcome> {
    return this.once(request.idempotencyKey, 'authorize', request, async () => {
      const found = await this.card(request.source);
      if (!found) return { status: 'declined', code: 'processing_error', soft: false, card: null };
      const { behavior, ...details } = found;
      const declined = declineOf(behavior, request.merchantInitiated);
      if (declined) return { status: 'declined', ...declined, card: details };
      if (behavior === 'challenge' && !request.merchantInitiated) {
        const challengeId = `3ds_${randomBase62(20)}`;
        await poolRows(
          this.em,
          'insert into sim_ledger (idempotency_key, operation, request, result, created_at) values ($1, $2, $3, $4, now())',
          [`challenge:${challengeId}`, 'challenge', JSON.stringify(request), JSON.stringify({ card: details })],
        );
        return { status: 'requires_action', challengeId, card: details };
      }
      return { status: 'authorized', processorRef: chargeRef(request), card: details };
    });
  }

  completeChallenge(request: {
    idempotencyKey: string;
    challengeId: string;
    result: 'authenticated' | 'failed';
  }): Promise<AuthorizeOutcome> {
    return this.once(request.idempotencyKey, 'complete_challenge', request, async () => {
      const rows = await poolRows<{ request: AuthorizeRequest; result: { card: CardDetails } }>(
        this.em,
        'select request, result from sim_ledger where idempotency_key = $1',
        [`challenge:${request.challengeId}`],
      );
      if (rows.length === 0) return { status: 'declined', code: 'processing_error', soft: false, card: null };
      const { card: details } = rows[0].result;
      const threeDSecure = { result: request.result, version: THREE_D_SECURE_VERSION };
      if (request.result === 'failed')
        return { status: 'declined', code: 'authentication_failed', soft: true, card: details, threeDSecure };
      return { status: 'authorized', processorRef: chargeRef(rows[0].request), card: details, threeDSecure };
    });
  }

  /** A hold is charged once, for at most what it holds, and not after it was released. */
  async capture(request: { idempotencyKey: string; processorRef: string; amount: number }): Promise<{ processorRef: string }> {
    const charge = parseChargeRef(request.processorRef);
    const allowed = !charge || (charge.hold && request.amount <= charge.amount);
    const guard =
      `not exists (select 1 from sim_ledger where operation in ('capture', 'void') and request->>'processorRef' = ` +
      `$4)${allowed ? '' : ' and false'}`;
    await this.recordGuarded(
      request,
      'capture',
      guard,
      [],
      () => new ProcessorRefused('charge_not_capturable', `The hold ${request.processorRef} cannot be charged ${request.amount} agorot`),
    );
    // Refunds of a capture name the hold, whose capture the ledger knows.
    return { processorRef: request.processorRef };
  }

  async void(request: { idempotencyKey: string; processorRef: string }): Promise<void> {
    await this.recordOnce(request.idempotencyKey, 'void', request);
  }

  /** Refunds add up to at most what was charged: the sale's amount, or the hold's capture. */
  async refund(request: { idempotencyKey: string; processorRef: string; amount: number }): Promise<void> {
    const charge = parseChargeRef(request.processorRef);
    const guard = !charge
      ? '$4::text is not null'
      : `$5::bigint <= coalesce((select (request->>'amount')::bigint from sim_ledger where operation = 'capture' and request->>'processorRef' = $4), $6::bigint)
           - coalesce((select sum((request->>'amount')::bigint) from sim_ledger where operation = 'refund' and request->>'processorRef' = $4), 0)`;
    await this.recordGuarded(
      request,
      'refund',
      guard,
      charge ? [request.amount, charge.hold ? 0 : charge.amount] : [],
      () =>
        new ProcessorRefused(
          'amount_too_large',
          `A refund of ${request.amount} agorot is more than is left to refund on ${request.processorRef}`,
          'amount',
        ),
    );
  }

  isFixture(token: string): boolean {
    return Object.hasOwn(TEST_TOKENS, token);
  }

  /** Test mode needs no credentials. */
  async connect(): Promise<TerminalSettings> {
    return {};
  }

  async lookup(idempotencyKey: string): Promise<LookedUp | null> {
    const rows = await poolRows<{ result: LedgerResult; created_at: string }>(
      this.em,
      'select result, created_at from sim_ledger where idempotency_key = $1',
      [idempotencyKey],
    );
    if (rows.length === 0) return null;
    const result = rows[0].result;
    const declined = result.status === 'declined' ? result.code! : result.declined;
    return {
      receivedAt: new Date(rows[0].created_at),
      outcome: declined
        ? { status: 'declined', code: declined }
        : { status: 'approved', processorRef: result.processorRef ?? result.ref ?? null },
    };
  }

  verify(request: { idempotencyKey: string; token: string }): Promise<{ ref: string; card: CardDetails } | { declined: DeclineCode }> {
    return this.once(request.idempotencyKey, 'verify', request, async () => {
      const found = await this.card({ token: request.token });
      if (!found) return { declined: 'processing_error' as const };
      const { behavior, ...details } = found;
      // A card short of funds can still be saved; charging it is what fails.
      if (behavior === 'declined') return { declined: 'card_declined' as const };
      const ref = `sim_pm_${randomBase62(20)}`;
      await poolRows(
        this.em,
        `insert into sim_cards (token, brand, last4, exp_month, exp_year, fingerprint, behavior, reusable, created_at) values ($1, $2, $3, $4, $5, $6,
          $7, true, now())`,
        [ref, details.brand, details.last4, details.expMonth, details.expYear, details.fingerprint, behavior],
      );
      return { ref, card: details };
    });
  }

  private async card(source: CardSource): Promise<(CardDetails & { behavior: Behavior }) | null> {
    const key = 'token' in source ? source.token : source.paymentMethodRef;
    if (TEST_TOKENS[key]) return TEST_TOKENS[key];
    const rows = await poolRows<SimCardRow>(this.em, 'select * from sim_cards where token = $1', [key]);
    if (rows.length === 0) return null;
    const row = rows[0];
    return {
      brand: row.brand,
      last4: row.last4,
      expMonth: row.exp_month,
      expYear: row.exp_year,
      fingerprint: row.fingerprint,
      behavior: row.behavior,
    };
  }

  /** Runs `work` once per idempotency key; a repeated key replays the first answer. */
  private async once<T>(idempotencyKey: string, operation: string, request: object, work: () => Promise<T>): Promise<T> {
    const recorded = await poolRows<{ result: T }>(this.em, 'select result from sim_ledger where idempotency_key = $1', [idempotencyKey]);
    if (this.settings.simulatedLatencyMs > 0) await setTimeout(this.settings.simulatedLatencyMs);
    if (recorded.length > 0) return recorded[0].result;
    const result = await work();
    const inserted = await poolRows(
      this.em,
      `insert into sim_ledger (idempotency_key, operation, request, result, created_at) values ($1, $2, $3, $4, now()) on conflict (idempotency_key)
        do nothing returning result`,
      [idempotencyKey, operation, JSON.stringify(request), JSON.stringify(result)],
    );
    if (inserted.length > 0) return result;
    // Another call with the same key got there first: its answer is the answer.
    return (await poolRows<{ result: T }>(this.em, 'select result from sim_ledger where idempotency_key = $1', [idempotencyKey]))[0].result;
  }

  /**
   * A call whose answer never varies (a void): recorded once per key; a repeat finds the key taken and
   * changes nothing, as a replay through `once` would. Calls arriving together (a sweep's lanes) are
   * recorded in one statement.
   */
  private async recordOnce(idempotencyKey: string, operation: string, request: object): Promise<void> {
    if (this.settings.simulatedLatencyMs > 0) await setTimeout(this.settings.simulatedLatencyMs);
    await this.recorded.submit({ idempotencyKey, operation, request });
  }

  private readonly recorded = new GroupWriter<{ idempotencyKey: string; operation: string; request: object }, void>(
    async (calls) => {
      await poolRows(
        this.em,
        `insert into sim_ledger (idempotency_key, operation, request, result, created_at)
         select key, operation, request, '{"ok": true}', now() from json_to_recordset($1::json) as v(key text, operation text, request jsonb)
         on conflict (idempotency_key) do nothing`,
        [JSON.stringify(calls.map((call) => ({ key: call.idempotencyKey, operation: call.operation, request: call.request })))],
      );
      return calls.map(() => undefined);
    },
    (call) => call.idempotencyKey,
  );

  /**
   * A capture or refund, recorded once per key if `guard` (SQL over `$4`, the charge's reference, and
   * `extra` from `$5`) holds; a repeated key changes nothing, a refused one throws `refusal()`.
   */
  private async recordGuarded(
    request: { idempotencyKey: string; processorRef: string },
    operation: string,
    guard: string,
    extra: unknown[],
    refusal: () => Error,
  ): Promise<void> {
    if (this.settings.simulatedLatencyMs > 0) await setTimeout(this.settings.simulatedLatencyMs);
    const inserted = await poolRows(
      this.em,
      `insert into sim_ledger (idempotency_key, operation, request, result, created_at)
       select $1, $2, $3::jsonb, '{"ok": true}', now() where ${guard}
       on conflict (idempotency_key) do nothing returning 1`,
      [request.idempotencyKey, operation, JSON.stringify(request), request.processorRef, ...extra],
    );
    if (inserted.length > 0) return;
    const seen = await poolRows(this.em, 'select 1 from sim_ledger where idempotency_key = $1', [request.idempotencyKey]);
    if (seen.length === 0) throw refusal();
  }
}

/** A charge's reference carries what the processor's checks need: `sim_ch_<id>_<h|s><amount>` (a hold or a sale). */
function chargeRef(request: Pick<AuthorizeRequest, 'capture' | 'amount'>): string {
  return `sim_ch_${randomBase62(20)}_${request.capture ? 's' : 'h'}${request.amount}`;
}

function parseChargeRef(ref: string): { hold: boolean; amount: number } | null {
  const match = /^sim_ch_[0-9A-Za-z]+_([hs])(\d+)$/.exec(ref);
  return match ? { hold: match[1] === 'h', amount: Number(match[2]) } : null;
}
