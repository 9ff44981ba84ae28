import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { settleEach } from '../../../shared/domain/settle-each';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { ChargeSavedCard } from '../../payments';
import { SUBSCRIPTIONS, type SubscriptionSettings } from '../subscriptions.tokens';
import { AdvanceSubscription } from './advance-subscription';
import type { SubscriptionChangeRepository, SubscriptionRepository, SubscriptionStartRepository } from './ports/subscription-repository';
import { SettleSubscriptionChange } from './settle-subscription-change';
import { SettleSubscriptionStart } from './settle-subscription-start';

/**
 * The reconciler's part for subscriptions. A first period, or a change's charge, whose request died is
 * settled from its committed start or change (the processor answers the same key as it did, so the
 * card is charged once). A
 * renewal whose worker died after the processor call is the subscription's due step whose key the
 * processor already knows: it is recorded now, not at the next daily run. Subscriptions on test clocks
 * renew inside their clock's advance, which the test-helpers module's reconciler finishes. Answers how many.
 */
@injectable()
export class ReconcileSubscriptionCharges {
  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(SUBSCRIPTIONS.SubscriptionStartRepository) private readonly starts: SubscriptionStartRepository,
    @inject(SUBSCRIPTIONS.Settings) private readonly settings: SubscriptionSettings,
    @inject(SUBSCRIPTIONS.SubscriptionChangeRepository) private readonly changes: SubscriptionChangeRepository,
    @inject(SettleSubscriptionStart) private readonly settleStart: SettleSubscriptionStart,
    @inject(SettleSubscriptionChange) private readonly settleChange: SettleSubscriptionChange,
    @inject(AdvanceSubscription) private readonly advance: AdvanceSubscription,
    @inject(ChargeSavedCard) private readonly chargeSavedCard: ChargeSavedCard,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<number> {
    const now = this.clock.now();
    const before = new Date(now.getTime() - this.settings.startStaleMs);
    const starts = await settleEach(
      (limit) => this.starts.pendingSince(before, limit),
      (start) => this.settleStart.execute(start),
    );
    const changes = await settleEach(
      (limit) => this.changes.pendingSince(before, limit),
      (change) => this.settleChange.execute(change),
    );
    let after: string | null = null;
    const renewals = await settleEach(
      async (limit) => {
        const ids = await this.subscriptions.dueIds(now, null, after, limit);
        after = ids.at(-1) ?? after;
        return ids;
      },
      (id) => this.finishRenewal(id, now),
    );
    return starts + changes + renewals;
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
