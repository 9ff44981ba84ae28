import { NotFoundError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';
import type { CardDetails } from './card';

/** A customer's saved card: the processor's reusable reference and what may be shown of the card. */
export class PaymentMethod {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  customerId!: string | null;
  processorRef!: string;
  brand!: CardDetails['brand'];
  last4!: string;
  expMonth!: number;
  expYear!: number;
  fingerprint!: string;
  createdAt!: Date;

  static save(scope: Scope, customerId: string, ref: string, card: CardDetails, now: Date): PaymentMethod {
    const method = new PaymentMethod();
    method.id = newId('pm');
    method.accountId = scope.accountId;
    method.livemode = scope.livemode;
    method.customerId = customerId;
    method.processorRef = ref;
    method.brand = card.brand;
    method.last4 = card.last4;
    method.expMonth = card.expMonth;
    method.expYear = card.expYear;
    method.fingerprint = card.fingerprint;
    method.createdAt = now;
    return method;
  }

  detach(): void {
    this.customerId = null;
  }

  card(): Omit<CardDetails, 'fingerprint'> {
    return { brand: this.brand, last4: this.last4, expMonth: this.expMonth, expYear: this.expYear };
  }
}

export class PaymentMethodNotFound extends NotFoundError {
  constructor(id: string, param?: string) {
    super('payment method', id, param);
  }
}
