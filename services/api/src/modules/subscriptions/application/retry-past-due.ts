import { inject, injectable } from 'inversify';
import type { CustomerClock } from '../../../shared/domain/customer-clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { SUBSCRIPTIONS } from '../subscriptions.tokens';
import { AdvanceSubscription } from './advance-subscription';
import type { SubscriptionRepository } from './ports/subscription-repository';

/**
 * A past-due subscription whose customer just gave a new card: its open period is charged now, at the
 * customer's time, as the retry it would have had (the same charge key, so two at once charge once),
 * and it is active again when that succeeds. Anything else is left as it is.
 */
@injectable()
export class RetryPastDue {
  constructor(
    @inject(SUBSCRIPTIONS.SubscriptionRepository) private readonly subscriptions: SubscriptionRepository,
    @inject(AdvanceSubscription) private readonly advance: AdvanceSubscription,
    @inject(SHARED.CustomerClock) private readonly customerClock: CustomerClock,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(scope: Scope, id: string): Promise<void> {
    const subscription = await this.subscriptions.findById(scope, id);
    if (subscription?.status !== 'past_due') return;
    const { now } = await this.customerClock.now(scope, { customerId: subscription.customerId });
    const due = await this.uow.run(async () => {
      const locked = await this.subscriptions.findForUpdate(id);
      if (!locked?.retryAt(now)) return false;
      await this.subscriptions.save(locked);
      return true;
    });
    if (due) await this.advance.execute(id, now);
  }
}
