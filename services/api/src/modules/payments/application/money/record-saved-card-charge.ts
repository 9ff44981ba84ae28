import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../../platform/persistence/unit-of-work';
import { ChargeBook } from '../charge-book';
import type { SavedCardAnswer, SavedCardCharge } from './charge-saved-card';

/** What a subscription needs to know of its charge. */
export interface RecordedCharge {
  id: string;
  status: 'succeeded' | 'failed';
}

/**
 * Inside the caller's transaction (the one that moves the subscription on): the saved-card charge with
 * its event, tax document and receipt. The unique index on (subscription, period) keeps a second paid
 * charge for one period out of the books.
 */
@injectable()
export class RecordSavedCardCharge {
  constructor(
    @inject(ChargeBook) private readonly book: ChargeBook,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  /** `nextRetryAt`: when a declined renewal is tried again (null: it is not), as the subscription decided. */
  async execute(request: SavedCardCharge, answer: SavedCardAnswer, nextRetryAt: Date | null = null): Promise<RecordedCharge> {
    if (!this.uow.active()) throw new Error('a subscription charge is recorded inside the transaction of the subscription it pays');
    const charge = await this.book.record(
      request.scope,
      {
        customerId: request.customerId,
        amount: request.bill.total,
        currency: 'ils',
        captureMethod: 'automatic',
        checkoutSessionId: null,
        lineItems: null,
        subscriptionId: request.subscriptionId,
        // A change's charge pays part of a period its renewal also pays: only renewals are one per period.
        subscriptionPeriod: request.changeId ? null : request.period,
        paymentMethod: { type: 'card', wallet: null, card: answer.card },
        installments: null,
        metadata: request.metadata,
        createDocument: true,
        documentLines: [...request.bill.lines],
        nextRetryAt,
      },
      answer.outcome,
      request.at,
    );
    return { id: charge.id, status: charge.status === 'succeeded' ? 'succeeded' : 'failed' };
  }
}
