import { NotFoundError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import type { Currency } from '../../../shared/domain/money';
import type { Charge, RefundReason } from './charge';

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
  createdAt!: Date;

  static of(charge: Charge, amount: number, reason: RefundReason | null, now: Date): Refund {
    const refund = new Refund();
    refund.id = newId('re');
    refund.accountId = charge.accountId;
    refund.livemode = charge.livemode;
    refund.chargeId = charge.id;
    refund.amount = amount;
    refund.currency = charge.currency;
    refund.status = 'succeeded';
    refund.reason = reason;
    refund.documentId = null;
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
