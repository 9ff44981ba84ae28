import { Bill } from '../../../shared/domain/bill';
import { documentLines } from '../../../shared/domain/document-line';
import { idFor, newId } from '../../../shared/domain/ids';
import type { MoneyIntent } from '../../../shared/domain/money-intent';
import type { Scope } from '../../../shared/domain/scope';

/** A capture, cancellation or refund, recorded before its processor call. */
export class ChargeOperation implements MoneyIntent {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  chargeId!: string;
  kind!: 'capture' | 'cancel' | 'refund';
  amount!: number | null;
  reason!: string | null;
  idempotencyKey!: string;
  status!: 'pending' | 'succeeded' | 'failed';
  createdAt!: Date;
  updatedAt!: Date;

  /** `id` when a client's key named the operation before (see `idFor`). */
  static start(
    charge: { id: string; accountId: string; livemode: boolean },
    kind: ChargeOperation['kind'],
    amount: number | null,
    reason: string | null,
    now: Date,
    id = newId('op'),
  ): ChargeOperation {
    const operation = new ChargeOperation();
    operation.id = id;
    operation.accountId = charge.accountId;
    operation.livemode = charge.livemode;
    operation.chargeId = charge.id;
    operation.kind = kind;
    operation.amount = amount;
    operation.reason = reason;
    operation.idempotencyKey = `${kind}_${operation.id}`;
    operation.status = 'pending';
    operation.createdAt = now;
    operation.updatedAt = now;
    return operation;
  }

  /** What a refund returns, as its credit document lists it (a negative total): the processor returns its opposite. */
  refundBill(): Bill {
    if (this.kind !== 'refund') throw new Error(`operation ${this.id} is a ${this.kind}, not a refund`);
    return Bill.of([documentLines.refund(this.chargeId, this.amount!)]);
  }

  succeeded(): void {
    this.settle('succeeded');
  }

  /** The processor refused it; it moved no money. */
  failed(): void {
    this.settle('failed');
  }

  private settle(status: 'succeeded' | 'failed'): void {
    if (this.status !== 'pending') throw new Error(`operation ${this.id} is already ${this.status}`);
    this.status = status;
  }
}

/**
 * The id of the operation a request's Idempotency-Key names on a charge, when it carries one: a retry of
 * that request finds the operation it started. A refund's seed names no kind (its ids predate captures
 * and cancellations being named).
 */
export function operationNamedBy(
  scope: Scope,
  chargeId: string,
  requestKey: string | undefined,
  kind?: 'capture' | 'cancel',
): string | undefined {
  if (requestKey === undefined) return undefined;
  return idFor('op', `${scope.accountId}:${scope.livemode}:${chargeId}:${kind === undefined ? '' : `${kind}:`}${requestKey}`);
}
