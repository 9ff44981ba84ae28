import { inject, injectable } from 'inversify';
import type { OperationHandlers } from '../../../../platform/http/handlers';
import { listReply, pageOf } from '../../../../platform/http/replies';
import { CancelSubscription } from '../../application/cancel-subscription';
import { CreateSubscription } from '../../application/create-subscription';
import { GetSubscription } from '../../application/get-subscription';
import { ListSubscriptions } from '../../application/list-subscriptions';
import { PreviewSubscriptionChange } from '../../application/preview-subscription-change';
import { subscriptionView, upcomingChargeView } from '../../published/subscription';
import type { SubscriptionUpdate } from '../../application/ask-subscription-change';
import { UpdateSubscription } from '../../application/update-subscription';

@injectable()
export class SubscriptionsRouter {
  constructor(
    @inject(CreateSubscription) private readonly createSubscription: CreateSubscription,
    @inject(GetSubscription) private readonly getSubscription: GetSubscription,
    @inject(ListSubscriptions) private readonly listSubscriptions: ListSubscriptions,
    @inject(CancelSubscription) private readonly cancelSubscription: CancelSubscription,
    @inject(UpdateSubscription) private readonly updateSubscription: UpdateSubscription,
    @inject(PreviewSubscriptionChange) private readonly previewChange: PreviewSubscriptionChange,
  ) {}

  handlers(): OperationHandlers {
    return {
      createSubscription: async ({ auth, body, idempotencyKey }) => ({
        success: true,
        data: subscriptionView(
          await this.createSubscription.execute(
            auth,
            { customer: body.customer, paymentMethod: body.payment_method, price: body.price, metadata: body.metadata },
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
      updateSubscription: async ({ auth, params, body, idempotencyKey }) => ({
        success: true,
        data: subscriptionView(
          await this.updateSubscription.execute(
            auth,
            params.id,
            {
              ...changeOf(body),
              paymentMethod: body.payment_method,
              cancelAtPeriodEnd: body.cancel_at_period_end,
              pauseCollection:
                body.pause_collection === undefined
                  ? undefined
                  : body.pause_collection && {
                      resumesAt: body.pause_collection.resumes_at ? new Date(body.pause_collection.resumes_at) : null,
                    },
              metadata: body.metadata,
            },
            idempotencyKey,
          ),
        ),
      }),
      previewSubscriptionChange: async ({ auth, params, query }) => ({
        success: true,
        data: upcomingChargeView(await this.previewChange.execute(auth, params.id, changeOf(query))),
      }),
      cancelSubscription: async ({ auth, params, body }) => ({
        success: true,
        data: subscriptionView(await this.cancelSubscription.execute(auth, params.id, body?.cancel_at_period_end ?? false)),
      }),
    };
  }
}

/** The plan change a request asks, as the update's body and the preview's query both carry it. */
function changeOf(input: {
  price?: string;
  quantity?: number;
  proration_behavior?: SubscriptionUpdate['prorationBehavior'];
  billing_cycle_anchor?: SubscriptionUpdate['billingCycleAnchor'];
}): SubscriptionUpdate {
  return {
    price: input.price,
    quantity: input.quantity,
    prorationBehavior: input.proration_behavior,
    billingCycleAnchor: input.billing_cycle_anchor,
  };
}
