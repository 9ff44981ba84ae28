import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { israelDay, nextDay, startOfIsraelDay } from '../../../shared/domain/israel-day';
import type { Period } from '../../../shared/domain/period';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { type DayTotals, SummarizeDocuments } from '../../invoicing';
import { CountFailedCharges } from '../../payments';
import { CountSubscriptionChanges } from '../../subscriptions';

export interface Totals {
  /** The first and last day, in Israel. */
  from: string;
  to: string;
  sales: number;
  refunds: number;
  failedPayments: number;
  subscriptionsStarted: number;
  subscriptionsCanceled: number;
}

export interface Summary {
  day: string;
  today: Totals;
  month: Totals;
  /** Each day of the month up to `day`, with its sales and refunds. */
  days: DayTotals[];
}

/**
 * A day and its month at a glance, in Israel's days: money from the documents (so it matches the
 * accountant's export to the agora), failed payments, and subscriptions started and canceled.
 */
@injectable()
export class GetSummary {
  constructor(
    @inject(SummarizeDocuments) private readonly documents: SummarizeDocuments,
    @inject(CountFailedCharges) private readonly failures: CountFailedCharges,
    @inject(CountSubscriptionChanges) private readonly subscriptions: CountSubscriptionChanges,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, day = israelDay(this.clock.now())): Promise<Summary> {
    const monthStart = `${day.slice(0, 8)}01`;
    const [today, month, byDay] = await Promise.all([
      this.totals(scope, day, day),
      this.totals(scope, monthStart, day),
      this.documents.execute(scope, periodOf(monthStart, day)),
    ]);
    const sums = new Map(byDay.map((totals) => [totals.day, totals]));
    const days: DayTotals[] = [];
    for (let d = monthStart; d <= day; d = nextDay(d)) days.push(sums.get(d) ?? { day: d, sales: 0, refunds: 0 });
    return { day, today, month, days };
  }

  private async totals(scope: Scope, from: string, to: string): Promise<Totals> {
    const period = periodOf(from, to);
    const [money, failedPayments, subscriptions] = await Promise.all([
      this.documents.execute(scope, period),
      this.failures.execute(scope, period),
      this.subscriptions.execute(scope, period),
    ]);
    return {
      from,
      to,
      sales: money.reduce((sum, d) => sum + d.sales, 0),
      refunds: money.reduce((sum, d) => sum + d.refunds, 0),
      failedPayments,
      subscriptionsStarted: subscriptions.started,
      subscriptionsCanceled: subscriptions.canceled,
    };
  }
}

function periodOf(from: string, to: string): Period {
  return { from: startOfIsraelDay(from), before: startOfIsraelDay(nextDay(to)) };
}
