import type { Metadata } from '../../../shared/domain/metadata';
import { NotFoundError } from '../../../shared/domain/domain-error';
import type { Currency } from '../../../shared/domain/money';
import type { Charge, RefundReason } from './charge';
import type { ChargeOperation } from './charge-operation';

/** Money returned on a captured charge, with its credit document. */
export class Refund {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  chargeId!: string;
  amount!: number;
  currency!: Currency;
  status!: 'succeeded';
  reason!: RefundReason | null;
  documentId!: string | null;
  /** The charge's. */
  metadata!: Metadata;
  createdAt!: Date;

  /** The refund an operation made: its id follows from the operation's, so it is recorded once. */
  static of(charge: Charge, operation: ChargeOperation, now: Date): Refund {
    if (operation.kind !== 'refund' || operation.chargeId !== charge.id)
      throw new Error(`operation ${operation.id} is not a refund of charge ${charge.id}`);
    const refund = new Refund();
    refund.id = refundIdOf(operation);
    refund.accountId = charge.accountId;
    refund.livemode = charge.livemode;
    refund.chargeId = charge.id;
    refund.amount = operation.amount!;
    refund.currency = charge.currency;
    refund.status = 'succeeded';
    refund.reason = operation.reason as RefundReason | null;
    refund.documentId = null;
    refund.metadata = charge.metadata;
    refund.createdAt = now;
    return refund;
  }

  /** The credit document issued for it. */
  attachDocument(documentId: string): void {
    this.documentId = documentId;
  }
}

export class RefundNotFound extends NotFoundError {
  constructor(id: string) {
    super('refund', id);
  }
}

export function refundIdOf(operation: ChargeOperation): string {
  return operation.id.replace(/^op_/, 're_');
}
