import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import { nextDay, startOfIsraelDay } from '../../../shared/domain/israel-day';
import type { Charge, ChargeStatus } from '../domain/charge';
import { PAYMENTS } from '../payments.tokens';
import type { ChargeRepository } from './ports/payment-repositories';

@injectable()
export class ListCharges {
  constructor(@inject(PAYMENTS.ChargeRepository) private readonly charges: ChargeRepository) {}

  /** Days are Israel's: `createdTo` includes its whole day. */
  execute(
    scope: Scope,
    filter: {
      customer?: string;
      status?: ChargeStatus;
      last4?: string;
      createdFrom?: string;
      createdTo?: string;
      amountMin?: number;
      amountMax?: number;
    },
    page: PageRequest,
  ): Promise<Page<Charge>> {
    const { createdFrom, createdTo, ...rest } = filter;
    return this.charges.list(
      scope,
      {
        ...rest,
        createdFrom: createdFrom ? startOfIsraelDay(createdFrom) : undefined,
        createdTo: createdTo ? startOfIsraelDay(nextDay(createdTo)) : undefined,
      },
      page,
    );
  }
}
