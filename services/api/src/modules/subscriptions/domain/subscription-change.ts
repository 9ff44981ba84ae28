import type { DocumentLine } from '../../../shared/domain/document-line';
import type { MoneyIntent } from '../../../shared/domain/money-intent';
import type { Plan } from '../../../shared/domain/plan';
import type { PlannedChange } from './subscription';

/** 1: a `PlannedChange` with its dates as ISO strings. */
const CHANGE_VERSION = 1;

interface StoredChange {
  version: typeof CHANGE_VERSION;
  at: string;
  plan: Plan;
  quantity: number;
  paymentMethodId: string;
  cancelAtPeriodEnd: boolean;
  pause: { resumesAt: string | null } | null;
  metadata: Record<string, string>;
  newPeriod: boolean;
  prorations: DocumentLine[];
  settledNow: DocumentLine[];
}

/**
 * A subscription change that charges now, committed before the processor call with the subscription
 * held for it: a crash after the call leaves a record the reconciler finishes (the charge and, if it
 * was paid, the change), so the card is charged once and the change is never lost nor made unpaid.
 */
export class SubscriptionChange implements MoneyIntent {
  id!: string;
  kind!: 'subscription_change';
  accountId!: string;
  livemode!: boolean;
  subscriptionId!: string;
  /** The key of its charge. */
  idempotencyKey!: string;
  status!: 'pending' | 'succeeded' | 'failed';
  /** The agorot charged: the sum of the lines settled now, less credit taken from the balance. */
  amount!: number;
  /** Credit taken from the customer's balance for this charge (agorot, ≥ 0), returned if it is declined. */
  creditUsed!: number;
  change!: unknown;
  createdAt!: Date;
  updatedAt!: Date;

  static of(
    id: string,
    subscription: { accountId: string; livemode: boolean; id: string },
    change: PlannedChange,
    creditUsed: number,
  ): SubscriptionChange {
    const record = new SubscriptionChange();
    record.id = id;
    record.kind = 'subscription_change';
    record.idempotencyKey = `subchg_${id}`;
    record.accountId = subscription.accountId;
    record.livemode = subscription.livemode;
    record.subscriptionId = subscription.id;
    record.status = 'pending';
    record.creditUsed = creditUsed;
    record.amount = change.settledNow.reduce((sum, line) => sum + line.amount, 0) - creditUsed;
    record.change = storedChange(change);
    record.createdAt = change.at;
    record.updatedAt = change.at;
    return record;
  }

  /** The change as it was decided. */
  planned(): PlannedChange {
    return plannedChange(this.change, `subscription change ${this.id}`);
  }

  /** The lines of the charge: those settled now, and the credit used. */
  chargeLines(): DocumentLine[] {
    const lines = this.planned().settledNow;
    return this.creditUsed > 0 ? [...lines, creditLine(this.creditUsed)] : lines;
  }

  settled(outcome: 'succeeded' | 'failed'): void {
    if (this.status !== 'pending') throw new Error(`subscription change ${this.id} is already ${this.status}`);
    this.status = outcome;
  }
}

/** A planned change as JSON, to keep until it is applied (a change being charged, a plan-change checkout). */
export function storedChange(change: PlannedChange): unknown {
  return {
    version: CHANGE_VERSION,
    ...change,
    at: change.at.toISOString(),
    pause: change.pause && { resumesAt: change.pause.resumesAt?.toISOString() ?? null },
  } satisfies StoredChange;
}

/** The planned change `stored` holds; `what` names its keeper in the error a foreign version raises. */
export function plannedChange(stored: unknown, what: string): PlannedChange {
  const change = stored as Partial<StoredChange>;
  if (change.version !== CHANGE_VERSION || typeof change.at !== 'string' || !change.plan)
    throw new Error(`${what}: stored change is not of version ${CHANGE_VERSION}; refusing to apply it`);
  const { version: _version, ...rest } = change as StoredChange;
  return {
    ...rest,
    at: new Date(rest.at),
    pause: rest.pause && { resumesAt: rest.pause.resumesAt === null ? null : new Date(rest.pause.resumesAt) },
  };
}

/** Credit from the customer's balance, used by a charge: a negative line. */
export function creditLine(amount: number): DocumentLine {
  return { description: 'יתרת זכות / Credit balance applied', quantity: 1, unitAmount: -amount, amount: -amount };
}
