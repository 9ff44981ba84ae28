import { Bill } from '../../../shared/domain/bill';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { CustomerBalance } from '../../customers';
import { ChargeSavedCard, RecordSavedCardCharge, type SavedCardCharge } from '../../payments';
import type { Subscription } from '../domain/subscription';
import type { SubscriptionChange } from '../domain/subscription-change';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import type { SubscriptionChangeRepository, SubscriptionRepository } from './ports/subscription-repository';
import { SubscriptionEffects } from './subscription-effects';

/**
 * Steps two and three of a change that charges now, once it is committed with its subscription held:
 * the charge is asked of the processor outside any transaction, then one transaction records it and,
 * if it was paid, applies the change (`subscription.updated`); if it was declined, the subscription is
 * let go unchanged and the credit it used returned. Run by the request or, after a crash, by the
 * reconciler; under the change's row lock it is recorded once.
 */
@injectable()
export class SettleSubscriptionChange {
  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(SUBSCRIPTIONS.SubscriptionChangeRepository) private readonly changes: SubscriptionChangeRepository,
    @inject(ChargeSavedCard) private readonly chargeSavedCard: ChargeSavedCard,
    @inject(RecordSavedCardCharge) private readonly recordCharge: RecordSavedCardCharge,
    @inject(CustomerBalance) private readonly balance: CustomerBalance,
    @inject(SubscriptionEffects) private readonly effects: SubscriptionEffects,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(change: SubscriptionChange): Promise<{ subscription: Subscription; paid: boolean }> {
    const held = (await this.subscriptions.findByIdUnscoped(change.subscriptionId))!;
    const planned = change.planned();
    const request: SavedCardCharge = {
      scope: change,
      customerId: held.customerId,
      paymentMethodId: planned.paymentMethodId,
      subscriptionId: change.subscriptionId,
      period: held.periodIndex,
      attempt: 1,
      changeId: change.id,
      idempotencyKey: change.idempotencyKey,
      metadata: planned.metadata,
      // The customer is not there to pay: a change is charged to their card as a renewal is.
      merchantInitiated: true,
      bill: Bill.of(change.chargeLines()).charging(change.amount),
      at: planned.at,
    };
    const answer = await this.chargeSavedCard.execute(request);
    return this.uow.run(async () => {
      const locked = (await this.changes.findForUpdate(change.id))!;
      const subscription = (await this.subscriptions.findForUpdate(change.subscriptionId))!;
      if (locked.status !== 'pending') return { subscription, paid: locked.status === 'succeeded' };
      const charge = await this.recordCharge.execute(request, answer);
      subscription.release(change.id);
      if (charge.status === 'succeeded') await this.effects.changed(subscription, () => subscription.applyChange(planned));
      else await this.balance.credit(change, held.customerId, change.creditUsed);
      await this.subscriptions.save(subscription);
      locked.settled(charge.status);
      await this.changes.save(locked);
      return { subscription, paid: charge.status === 'succeeded' };
    });
  }
}
