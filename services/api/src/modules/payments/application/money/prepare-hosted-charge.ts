import { inject, injectable } from 'inversify';
import { PAYMENTS } from '../../payments.tokens';
import type { PaymentAttempt } from '../../domain/payment-attempt';
import type { ProcessorDirectory } from '../ports/card-processor';
import type { PaymentAttemptRepository } from '../ports/payment-repositories';
import type { AttemptTicket } from './start-payment-attempt';

/**
 * What the page hands the processor's own card fields to make an attempt's payment: the amount locked at
 * the processor (a new lock each time it is asked: a double click gets one too, and the attempt's key
 * lets the processor take the payment once whichever lock pays it). No money moves here.
 */
@injectable()
export class PrepareHostedCharge {
  constructor(
    @inject(PAYMENTS.Processors) private readonly processors: ProcessorDirectory,
    @inject(PAYMENTS.PaymentAttemptRepository) private readonly attempts: PaymentAttemptRepository,
  ) {}

  async execute(ticket: AttemptTicket | PaymentAttempt): Promise<Record<string, string>> {
    const attempt = 'attemptId' in ticket ? (ticket.attempt ?? (await this.attempts.findById(ticket.attemptId))!) : ticket;
    const request = attempt.replay();
    const processor = await this.processors.forScope(request.scope);
    if (!processor.hostedFields) throw new Error(`${processor.name} has no card fields of its own`);
    return processor.hostedFields.prepare({
      idempotencyKey: attempt.idempotencyKey,
      amount: request.amount,
      currency: request.currency,
      capture: request.captureMethod === 'automatic',
      installments: request.installments,
    });
  }
}
