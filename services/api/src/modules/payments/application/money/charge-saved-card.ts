import { periodChargeKey } from '../../../../shared/domain/money-intent';
import type { Metadata } from '../../../../shared/domain/metadata';
import { inject, injectable } from 'inversify';
import type { Clock } from '../../../../shared/domain/clock';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import type { Scope } from '../../../../shared/domain/scope';
import type { Bill } from '../../../../shared/domain/bill';
import { type ShownCard, UNKNOWN_CARD } from '../../domain/charge';
import type { PaymentMethod } from '../../domain/payment-method';
import { PAYMENTS, type PaymentSettings } from '../../payments.tokens';
import { MoneyDriver } from './money-driver';
import { MoneyGate } from './money-gate';
import type { AuthorizeOutcome, ProcessorDirectory } from '../ports/card-processor';
import type { PaymentMethodRepository } from '../ports/payment-repositories';

export interface SavedCardCharge {
  scope: Scope;
  customerId: string;
  paymentMethodId: string;
  /** The subscription and period the charge pays (decided before), and which try at it this is. */
  subscriptionId: string;
  period: number;
  attempt: number;
  /** A subscription change's charge (a proration, a new period started now), named by the change. */
  changeId?: string;
  /**
   * The key of an intent's charge (a start's, a change's), committed with it; a renewal's is named by
   * its subscription, period and try.
   */
  idempotencyKey?: string;
  /** What it charges (a total above zero), and what its document lists. */
  bill: Bill;
  /** The subscription's metadata, for the charge. */
  metadata: Metadata;
  /** Renewals are merchant-initiated; the first period is the customer's own payment. */
  merchantInitiated: boolean;
  /** When the charge happens (a test clock's time for its customers). */
  at: Date;
}

/**
 * The processor's final word on a saved-card charge (no 3-D Secure can be asked of a saved card), and
 * the card to show on the charge when the answer names none.
 */
export interface SavedCardAnswer {
  outcome: Exclude<AuthorizeOutcome, { status: 'requires_action' }>;
  card: ShownCard;
}

/**
 * The processor call of a subscription charge, outside any transaction; `RecordSavedCardCharge` records
 * the answer. The idempotency key is (subscription, period, attempt), or the change a change's charge
 * pays, so a repeated run reaches the
 * processor's recorded answer instead of charging again.
 */
@injectable()
export class ChargeSavedCard {
  constructor(
    @inject(PAYMENTS.PaymentMethodRepository) private readonly methods: PaymentMethodRepository,
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(MoneyDriver) private readonly driver: MoneyDriver,
    @inject(PAYMENTS.Settings) private readonly settings: PaymentSettings,
    @inject(PAYMENTS.Processors) private readonly processors: ProcessorDirectory,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /**
   * Whether this charge reached the processor more than `attemptStaleMs` ago without being recorded by
   * the caller (it is still due): the request that made it died, and running it again finishes it.
   */
  async orphaned(request: ChargeName): Promise<boolean> {
    const received = await this.lookup(request);
    return received !== null && received.receivedAt.getTime() <= this.clock.now().getTime() - this.settings.attemptStaleMs;
  }

  /** Whether the processor received this charge already (its amount is then the one it was asked). */
  async received(request: ChargeName): Promise<boolean> {
    return (await this.lookup(request)) !== null;
  }

  private async lookup(request: ChargeName) {
    return (await this.processors.forScope(request.scope)).lookup(keyOf(request));
  }

  async execute(request: SavedCardCharge): Promise<SavedCardAnswer> {
    const [charged] = await this.executeMany([request]);
    if ('error' in charged) throw charged.error;
    return charged.answer;
  }

  /**
   * Several charges one after another (a renewal batch), their cards read in one query; each answers
   * or fails on its own.
   */
  async executeMany(requests: SavedCardCharge[]): Promise<Array<{ answer: SavedCardAnswer } | { error: unknown }>> {
    const methods = new Map(
      (await this.methods.findManyUnscoped(requests.map((request) => request.paymentMethodId))).map((method) => [method.id, method]),
    );
    const results: Array<{ answer: SavedCardAnswer } | { error: unknown }> = [];
    for (const request of requests) {
      const method = methods.get(request.paymentMethodId);
      const inScope = method && method.accountId === request.scope.accountId && method.livemode === request.scope.livemode ? method : null;
      try {
        results.push({ answer: await this.charge(request, inScope) });
      } catch (error) {
        results.push({ error });
      }
    }
    return results;
  }

  private async charge(request: SavedCardCharge, method: PaymentMethod | null): Promise<SavedCardAnswer> {
    await this.gate.checkOnboarded(request.scope);
    if (!method?.customerId)
      return { outcome: { status: 'declined', code: 'card_declined', soft: false, card: null }, card: method?.card() ?? UNKNOWN_CARD };
    const answer = await this.driver.call(request.scope, (processor) =>
      processor.authorize({
        idempotencyKey: keyOf(request),
        source: { paymentMethodRef: method.processorRef },
        amount: request.bill.total,
        currency: 'ils',
        capture: true,
        installments: null,
        merchantInitiated: request.merchantInitiated,
        reference: request.changeId ? `${request.subscriptionId}:${request.changeId}` : `${request.subscriptionId}:${request.period}`,
      }),
    );
    return {
      outcome:
        answer.status === 'requires_action' ? { status: 'declined', code: 'authentication_failed', soft: true, card: answer.card } : answer,
      card: method.card(),
    };
  }
}

/** What names a charge to the processor. */
type ChargeName = Pick<SavedCardCharge, 'scope' | 'subscriptionId' | 'period' | 'attempt' | 'idempotencyKey'>;

function keyOf(request: ChargeName): string {
  return request.idempotencyKey ?? periodChargeKey(request.subscriptionId, request.period, request.attempt);
}
