import { inject, injectable } from 'inversify';
import { DomainError } from '../../../shared/domain/domain-error';
import { idFor, newId } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { CustomerBalance } from '../../customers';
import { MoneyGate } from '../../payments';
import { sumOf } from '../domain/proration';
import type { Subscription } from '../domain/subscription';
import { SubscriptionChange } from '../domain/subscription-change';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionChangeRepository, SubscriptionRepository } from './ports/subscription-repository';
import { SettleSubscriptionChange } from './settle-subscription-change';
import { SubscriptionEffects } from './subscription-effects';
import { AskSubscriptionChange, type SubscriptionUpdate } from './ask-subscription-change';

/**
 * Changes a subscription (DESIGN §3d) at the customer's time (its test clock's, if it has one). A change
 * that settles nothing now is applied at once, a credit going to the customer's balance. One that
 * charges now is a money flow, read top to bottom: the change is decided and committed with the
 * subscription held for it (the customer's credit taken first), then `SettleSubscriptionChange` charges
 * and applies it; a decline answers 402 and changes nothing. A second change while one is being charged
 * answers 409 `subscription_change_in_progress`.
 */
@injectable()
export class UpdateSubscription {
  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(SUBSCRIPTIONS.SubscriptionChangeRepository) private readonly changes: SubscriptionChangeRepository,
    @inject(AskSubscriptionChange) private readonly ask: AskSubscriptionChange,
    @inject(CustomerBalance) private readonly balance: CustomerBalance,
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(SettleSubscriptionChange) private readonly settle: SettleSubscriptionChange,
    @inject(SubscriptionEffects) private readonly effects: SubscriptionEffects,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /**
   * `requestKey` (the request's Idempotency-Key) names the change: a retry of a request that died after
   * its charge started finishes that one instead of charging again.
   */
  async execute(scope: Scope, id: string, update: SubscriptionUpdate, requestKey?: string): Promise<Subscription> {
    const changeId = requestKey === undefined ? newId('subchg') : idFor('subchg', `${scope.accountId}:${scope.livemode}:${requestKey}`);
    const earlier = requestKey !== undefined && (await this.changes.findById(changeId));
    if (earlier) return this.paid(earlier.status === 'pending' ? await this.settle.execute(earlier) : await this.outcome(earlier));
    const { request, at } = await this.ask.execute(scope, id, update);
    const decided = await this.uow.run(async () => {
      const subscription = (await this.subscriptions.findForUpdate(id))!;
      const planned = subscription.planChange(request, at);
      const due = sumOf(planned.settledNow);
      const creditUsed = due > 0 ? await this.balance.take(scope, subscription.customerId, due) : 0;
      if (due - creditUsed > 0) {
        // Refused before anything is held when the scope cannot take money (live mode with no processor).
        await this.gate.processorFor(scope);
        const change = SubscriptionChange.of(changeId, subscription, planned, creditUsed);
        subscription.holdFor(change.id);
        await this.subscriptions.save(subscription);
        await this.changes.add(change);
        return change;
      }
      await this.balance.credit(scope, subscription.customerId, -due);
      await this.effects.changed(subscription, () => subscription.applyChange(planned));
      await this.subscriptions.save(subscription);
      return subscription;
    });
    return decided instanceof SubscriptionChange ? this.paid(await this.settle.execute(decided)) : decided;
  }

  private async outcome(change: SubscriptionChange): Promise<{ subscription: Subscription; paid: boolean }> {
    return { subscription: (await this.subscriptions.findByIdUnscoped(change.subscriptionId))!, paid: change.status === 'succeeded' };
  }

  private paid({ subscription, paid }: { subscription: Subscription; paid: boolean }): Subscription {
    if (!paid)
      throw new DomainError('card_declined', 'The change could not be charged: the card was declined; nothing changed', 'payment_method');
    return subscription;
  }
}
