import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { settleEach } from '../../../shared/domain/settle-each';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { ChargeSavedCard } from '../../payments';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import { AdvanceSubscription } from './advance-subscription';
import type { SubscriptionRepository } from './ports/subscription-repository';

/**
 * The reconciler's part for renewals, which are not intents of their own: a subscription's due step is
 * its intent, and (subscription, period, try) its key. A renewal whose worker died after the processor
 * call is a due step whose key the processor already knows: it is recorded now, not at the next daily
 * run. Subscriptions on test clocks renew inside their clock's advance, which the test-helpers module's
 * reconciler finishes. Answers how many.
 */
@injectable()
export class ReconcileRenewals {
  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(AdvanceSubscription) private readonly advance: AdvanceSubscription,
    @inject(ChargeSavedCard) private readonly chargeSavedCard: ChargeSavedCard,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  execute(): Promise<number> {
    const now = this.clock.now();
    let after: string | null = null;
    return settleEach(
      async (limit) => {
        const ids = await this.subscriptions.dueIds(now, null, after, limit);
        after = ids.at(-1) ?? after;
        return ids;
      },
      (id) => this.finishRenewal(id, now),
    );
  }

  /** Whether the subscription's due step was a renewal left in flight, now recorded. */
  private async finishRenewal(id: string, now: Date): Promise<boolean> {
    const subscription = await this.subscriptions.findByIdUnscoped(id);
    const step = subscription?.nextStep(now);
    if (!subscription || step?.kind !== 'charge') return false;
    if (!(await this.chargeSavedCard.orphaned({ scope: subscription, subscriptionId: id, period: step.period, attempt: step.attempt })))
      return false;
    return (await this.advance.execute(id, step.at)) > 0;
  }
}
