import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { GetCustomer } from '../../customers';
import { sumOf } from '../domain/proration';
import { creditLine } from '../domain/subscription-change';
import type { UpcomingCharge } from '../published/subscription';
import { AskSubscriptionChange, type SubscriptionUpdate } from './ask-subscription-change';

/**
 * The next charge of a subscription as it stands, or as it would stand after `update`, changing
 * nothing: the same decision `UpdateSubscription` makes, at the same time, so the preview equals what is
 * then charged while nothing else changes in between.
 */
@injectable()
export class PreviewSubscriptionChange {
  constructor(
    @inject(AskSubscriptionChange) private readonly ask: AskSubscriptionChange,
    @inject(GetCustomer) private readonly getCustomer: GetCustomer,
  ) {}

  async execute(scope: Scope, id: string, update: SubscriptionUpdate): Promise<UpcomingCharge> {
    const { request, at, subscription } = await this.ask.execute(scope, id, update);
    const planned = subscription.planChange(request, at);
    const credit = Math.max(0, -(await this.getCustomer.execute(scope, subscription.customerId)).balance);
    const due = sumOf(planned.settledNow);
    const changed = subscription.copy();
    changed.applyChange(planned);
    if (due > 0) return withCredit({ subscription: changed, date: at, chargedNow: true, lines: planned.settledNow, credited: 0 }, credit);
    const date = changed.nextChargeAt();
    const left = credit - Math.min(due, 0);
    const lines = date ? changed.renewalLines() : [];
    return withCredit({ subscription: changed, date, chargedNow: false, lines, credited: Math.max(0, -due) }, left);
  }
}

function withCredit(charge: Omit<UpcomingCharge, 'amountDue'>, credit: number): UpcomingCharge {
  const total = sumOf(charge.lines);
  const used = Math.min(credit, Math.max(0, total));
  const lines = used > 0 ? [...charge.lines, creditLine(used)] : charge.lines;
  return { ...charge, lines, amountDue: Math.max(0, total - used) };
}
