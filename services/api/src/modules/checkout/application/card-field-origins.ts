import { inject, injectable } from 'inversify';
import { AttemptsInFlight, DescribeProcessor } from '../../payments';
import { CHECKOUT } from '../checkout.tokens';
import { sessionIdFromPath } from '../domain/checkout-session';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';

/**
 * The origins a checkout page lets in besides its own (its Content-Security-Policy): the processor's
 * card fields (their script, frames and calls) on a live page whose processor takes cards in its own
 * fields; none in test mode, or for an id that names no session.
 */
@injectable()
export class CardFieldOrigins {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(DescribeProcessor) private readonly describeProcessor: DescribeProcessor,
    @inject(AttemptsInFlight) private readonly inFlight: AttemptsInFlight,
  ) {}

  async execute(id: string): Promise<string[]> {
    const session = /^c[so]_\w+$/.test(id) ? await this.sessions.findByIdUnscoped(sessionIdFromPath(id)) : null;
    return session ? this.describeProcessor.cardFieldOrigins(session) : [];
  }

  /** The Bit page the processor made for the session's payment `attemptId`, while that payment waits for it. */
  async bitPage(id: string, attemptId: string): Promise<string | null> {
    if (!/^c[so]_\w+$/.test(id)) return null;
    const attempt = await this.inFlight.hostedAttempt(sessionIdFromPath(id), attemptId);
    const source = attempt?.awaitsProcessor() ? attempt.replay().source : null;
    return source?.type === 'bit_page' ? (source.url ?? null) : null;
  }
}
