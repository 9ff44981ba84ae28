import { inject, injectable } from 'inversify';
import { ValidationError } from '../../../shared/domain/domain-error';
import { GetAccount } from '../../accounts';
import type { CardDetails, CardInput } from '../../payments';
import { TokenizeCard } from '../../payments';
import { CheckoutSessionNotFound, sessionIdFromPath } from '../domain/checkout-session';
import { CHECKOUT } from '../checkout.tokens';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';

/** Public: the page tokenizes the shopper's card with the processor of the session's account and mode. */
@injectable()
export class CreateCardToken {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(TokenizeCard) private readonly tokenize: TokenizeCard,
    @inject(GetAccount) private readonly getAccount: GetAccount,
  ) {}

  async execute(sessionId: string, card: CardInput): Promise<{ token: string; card: CardDetails }> {
    const session = await this.sessions.findByIdUnscoped(sessionIdFromPath(sessionId));
    if (!session) throw new CheckoutSessionNotFound(sessionId);
    if (card.holderId === undefined && (await this.getAccount.execute(session.accountId)).cardholderIdRequired) {
      throw new ValidationError('parameter_missing', "The cardholder's ID number is required", 'card.holder_id');
    }
    return this.tokenize.execute(session, card, { sessionId: session.id, customerId: session.customerId });
  }
}
