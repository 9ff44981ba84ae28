import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../../platform/persistence/unit-of-work';
import { PAYMENTS } from '../../payments.tokens';
import type { PaymentAttempt } from '../../domain/payment-attempt';
import type { BitPageRequest, CardProcessor, ProcessorDirectory } from '../ports/card-processor';
import type { PaymentAttemptRepository } from '../ports/payment-repositories';
import type { AttemptTicket } from './start-payment-attempt';

/** What the page does to make a payment on the processor's side: hand the fields their charge, or show the Bit page. */
export type HostedAction = { type: 'hosted_fields_charge'; charge: Record<string, string> } | { type: 'bit_page'; url: string };

/** What the Bit page shows and where it sends the shopper and its notification (the caller's URLs). */
export type BitPageLinks = Omit<BitPageRequest, 'idempotencyKey' | 'amount'>;

/**
 * What the page needs to make an attempt's payment on the processor's side. No money moves here.
 * - The processor's card fields: the amount locked at the processor (a new lock each time it is asked:
 *   a double click gets one too, and the attempt's key lets the processor take the payment once
 *   whichever lock pays it).
 * - Bit: the processor's Bit page, made once per attempt under its row lock and kept with it, so a
 *   double click or a reload shows the same page, never a second one the shopper could also pay.
 */
@injectable()
export class PrepareHostedCharge {
  constructor(
    @inject(PAYMENTS.Processors) private readonly processors: ProcessorDirectory,
    @inject(PAYMENTS.PaymentAttemptRepository) private readonly attempts: PaymentAttemptRepository,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(ticket: AttemptTicket | PaymentAttempt, bit: BitPageLinks): Promise<HostedAction> {
    const attempt = 'attemptId' in ticket ? (ticket.attempt ?? (await this.attempts.findById(ticket.attemptId))!) : ticket;
    const request = attempt.replay();
    const processor = await this.processors.forScope(request.scope);
    if (request.source.type === 'bit_page') return { type: 'bit_page', url: await this.bitPage(processor, attempt.id, bit) };
    if (!processor.hostedFields) throw new Error(`${processor.name} has no card fields of its own`);
    const charge = await processor.hostedFields.prepare({
      idempotencyKey: attempt.idempotencyKey,
      amount: request.amount,
      currency: request.currency,
      capture: request.captureMethod === 'automatic',
      installments: request.installments,
    });
    return { type: 'hosted_fields_charge', charge };
  }

  private bitPage(processor: CardProcessor, attemptId: string, links: BitPageLinks): Promise<string> {
    const page = processor.bitPage;
    if (!page) throw new Error(`${processor.name} has no Bit page`);
    return this.uow.run(async () => {
      const attempt = (await this.attempts.findForUpdate(attemptId))!;
      const { source, amount } = attempt.replay();
      if (source.type === 'bit_page' && source.url) return source.url;
      const { url } = await page.start({ ...links, idempotencyKey: attempt.idempotencyKey, amount });
      attempt.showsBitPage(url);
      await this.attempts.save(attempt);
      return url;
    });
  }
}
