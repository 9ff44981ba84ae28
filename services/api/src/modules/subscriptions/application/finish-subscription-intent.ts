import { inject, injectable } from 'inversify';
import type { IntentFinisher, PendingIntent } from '../../payments';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionChangeRepository, SubscriptionStartRepository } from './ports/subscription-repository';
import { SettleSubscriptionChange } from './settle-subscription-change';
import { SettleSubscriptionStart } from './settle-subscription-start';

/**
 * The reconciler's finisher of subscription starts and changes: a first period, or a change's charge,
 * whose request died is settled from what it committed (the processor answers the same key as it did,
 * so the card is charged once).
 */
@injectable()
export class FinishSubscriptionIntent implements IntentFinisher {
  readonly kinds = ['subscription_start', 'subscription_change'] as const;

  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionStartRepository) private readonly starts: SubscriptionStartRepository,
    @inject(SUBSCRIPTIONS.SubscriptionChangeRepository) private readonly changes: SubscriptionChangeRepository,
    @inject(SettleSubscriptionStart) private readonly settleStart: SettleSubscriptionStart,
    @inject(SettleSubscriptionChange) private readonly settleChange: SettleSubscriptionChange,
  ) {}

  async finish({ id, kind }: PendingIntent): Promise<void> {
    if (kind === 'subscription_start') await this.settleStart.execute((await this.starts.findById(id))!);
    else await this.settleChange.execute((await this.changes.findById(id))!);
  }
}
