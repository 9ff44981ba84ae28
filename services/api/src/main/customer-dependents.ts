import { inject, injectable } from 'inversify';
import type { Scope } from '../shared/domain/scope';
import type { CustomerDependents } from '../modules/customers';
import { DetachPaymentMethod } from '../modules/payments';
import { ListSubscriptions } from '../modules/subscriptions';

/** What a customer's deletion asks of the modules that hold its subscriptions and cards. */
@injectable()
export class CustomerDependentsAdapter implements CustomerDependents {
  constructor(
    @inject(ListSubscriptions) private readonly subscriptions: ListSubscriptions,
    @inject(DetachPaymentMethod) private readonly methods: DetachPaymentMethod,
  ) {}

  hasOpenSubscriptions(scope: Scope, customerId: string): Promise<boolean> {
    return this.subscriptions.anyOpen(scope, customerId);
  }

  async detachCards(scope: Scope, customerId: string): Promise<void> {
    await this.methods.detachAllOf(scope, customerId);
  }
}
