import { inject, injectable } from 'inversify';
import type { OperationHandlers } from '../../../../platform/http/contract-router';
import { listReply, pageOf } from '../../../../platform/http/replies';
import { CancelSubscription } from '../../application/cancel-subscription';
import { CreateSubscription } from '../../application/create-subscription';
import { GetSubscription } from '../../application/get-subscription';
import { ListSubscriptions } from '../../application/list-subscriptions';
import { subscriptionView } from '../../application/published/subscription';

@injectable()
export class SubscriptionsRouter {
  constructor(
    @inject(CreateSubscription) private readonly createSubscription: CreateSubscription,
    @inject(GetSubscription) private readonly getSubscription: GetSubscription,
    @inject(ListSubscriptions) private readonly listSubscriptions: ListSubscriptions,
    @inject(CancelSubscription) private readonly cancelSubscription: CancelSubscription,
  ) {}

  handlers(): OperationHandlers {
    return {
      createSubscription: async ({ auth, body, idempotencyKey }) => ({
        success: true,
        data: subscriptionView(
          await this.createSubscription.execute(
            auth,
            { customer: body.customer, paymentMethod: body.payment_method, price: body.price },
            idempotencyKey,
          ),
        ),
      }),
      getSubscription: async ({ auth, params }) => ({
        success: true,
        data: subscriptionView(await this.getSubscription.execute(auth, params.id)),
      }),
      listSubscriptions: async ({ auth, query }) =>
        listReply(
          await this.listSubscriptions.execute(auth, { customer: query.customer, status: query.status }, pageOf(query)),
          subscriptionView,
        ),
      cancelSubscription: async ({ auth, params, body }) => ({
        success: true,
        data: subscriptionView(await this.cancelSubscription.execute(auth, params.id, body?.cancel_at_period_end ?? false)),
      }),
    };
  }
}
