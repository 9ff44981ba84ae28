import { inject, injectable, multiInject } from 'inversify';
import type { Clock } from '../../../../shared/domain/clock';
import { INTENT_KINDS, type IntentKind } from '../../../../shared/domain/money-intent';
import { settleEach } from '../../../../shared/domain/settle-each';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import { INTENT_FINISHERS, PAYMENTS, type PaymentSettings } from '../../payments.tokens';
import type { MoneyIntentRepository, PendingIntent } from '../ports/payment-repositories';

/**
 * How one module finishes its kinds of intent after a crash: the call made again with the intent's key
 * (the processor answers as it did the first time), and the answer recorded as the request would have.
 * Each module that owns a kind binds one to `INTENT_FINISHERS`; a new kind is one entry. A kind with no
 * finisher, or with two, is a programming error: the reconciler refuses to be built.
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
    this.finishers = new Map();
    for (const finisher of finishers)
      for (const kind of finisher.kinds) {
        if (this.finishers.has(kind)) throw new Error(`two finishers are bound for money intents of kind ${kind}`);
        this.finishers.set(kind, finisher);
      }
    const unfinished = INTENT_KINDS.filter((kind) => !this.finishers.has(kind));
    if (unfinished.length > 0) throw new Error(`no finisher is bound for money intents of kind ${unfinished.join(', ')}`);
  }

  async execute(): Promise<Map<IntentKind, number>> {
    const before = new Date(this.clock.now().getTime() - this.settings.attemptStaleMs);
    const finished = new Map<IntentKind, number>();
    await settleEach(
      (limit) => this.intents.pendingSince(before, limit),
      async (intent) => {
        await this.finishers.get(intent.kind)!.finish(intent);
        finished.set(intent.kind, (finished.get(intent.kind) ?? 0) + 1);
      },
    );
    return finished;
  }
}
