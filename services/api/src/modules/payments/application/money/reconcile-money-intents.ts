import { inject, injectable, multiInject } from 'inversify';
import type { Clock } from '../../../../shared/domain/clock';
import type { IntentKind } from '../../../../shared/domain/money-intent';
import { settleEach } from '../../../../shared/domain/settle-each';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import { INTENT_FINISHERS, PAYMENTS, type PaymentSettings } from '../../payments.tokens';
import type { MoneyIntentRepository, PendingIntent } from '../ports/payment-repositories';

/**
 * How one module finishes its kinds of intent after a crash: the call made again with the intent's key
 * (the processor answers as it did the first time), and the answer recorded as the request would have.
 * Each module that owns a kind binds one to `INTENT_FINISHERS`; a new kind is one entry.
 */
export interface IntentFinisher {
  readonly kinds: readonly IntentKind[];
  finish(intent: PendingIntent): Promise<unknown>;
}

/**
 * The reconciler of money: every intent of every kind left in flight past `attemptStaleMs` (the request
 * running it died) is read from the one table, oldest first, and handed to its kind's finisher. Each is
 * finished on its own; failures are thrown together after. Answers how many of each kind it finished.
 */
@injectable()
export class ReconcileMoneyIntents {
  private readonly finishers: Map<IntentKind, IntentFinisher>;

  constructor(
    @inject(PAYMENTS.MoneyIntentRepository) private readonly intents: MoneyIntentRepository,
    @multiInject(INTENT_FINISHERS) finishers: IntentFinisher[],
    @inject(PAYMENTS.Settings) private readonly settings: PaymentSettings,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {
    this.finishers = new Map(finishers.flatMap((finisher) => finisher.kinds.map((kind) => [kind, finisher] as const)));
  }

  async execute(): Promise<Map<IntentKind, number>> {
    const before = new Date(this.clock.now().getTime() - this.settings.attemptStaleMs);
    const finished = new Map<IntentKind, number>();
    await settleEach(
      (limit) => this.intents.pendingSince(before, limit),
      async (intent) => {
        const finisher = this.finishers.get(intent.kind);
        if (!finisher) throw new Error(`no finisher is registered for money intents of kind ${intent.kind}`);
        await finisher.finish(intent);
        finished.set(intent.kind, (finished.get(intent.kind) ?? 0) + 1);
      },
    );
    return finished;
  }
}
