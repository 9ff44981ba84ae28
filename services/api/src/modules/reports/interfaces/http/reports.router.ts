import { inject, injectable } from 'inversify';
import type { Schemas } from '../../../../shared/contract/contract';
import type { OperationHandlers } from '../../../../platform/http/handlers';
import { GetSummary, type Totals } from '../../application/get-summary';

function toTotals(totals: Totals): Schemas['SummaryTotals'] {
  return {
    from: totals.from,
    to: totals.to,
    sales: totals.sales,
    refunds: totals.refunds,
    net: totals.sales - totals.refunds,
    failed_payments: totals.failedPayments,
    subscriptions_started: totals.subscriptionsStarted,
    subscriptions_canceled: totals.subscriptionsCanceled,
  };
}

@injectable()
export class ReportsRouter {
  constructor(@inject(GetSummary) private readonly getSummary: GetSummary) {}

  handlers(): OperationHandlers {
    return {
      getSummary: async ({ auth, query }) => {
        const summary = await this.getSummary.execute(auth, query.day);
        return {
          success: true,
          data: {
            object: 'summary',
            currency: 'ils',
            livemode: auth.livemode,
            day: summary.day,
            today: toTotals(summary.today),
            month: toTotals(summary.month),
            days: summary.days,
          },
        };
      },
    };
  }
}
