import { inject, injectable } from 'inversify';
import { PAYMENTS } from '../payments.tokens';
import type { PaymentMethodRepository } from './ports/payment-repositories';

/** A saved card about to expire, as a notice to its customer needs it. */
export interface ExpiringCard {
  id: string;
  accountId: string;
  livemode: boolean;
  customerId: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The saved cards (still attached) of every account whose last month is `year`-`month`, in id order, a page at a time. */
@injectable()
export class ListExpiringCards {
  constructor(@inject(PAYMENTS.PaymentMethodRepository) private readonly methods: PaymentMethodRepository) {}

  async execute(year: number, month: number, afterId: string, limit: number): Promise<ExpiringCard[]> {
    return (await this.methods.expiringIn(year, month, afterId, limit)).map((method) => ({
      id: method.id,
      accountId: method.accountId,
      livemode: method.livemode,
      customerId: method.customerId!,
      last4: method.last4,
      expMonth: method.expMonth,
      expYear: method.expYear,
    }));
  }
}
