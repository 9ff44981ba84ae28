import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { TokenRefusal, TokenUse } from '../domain/card-token';
import { PAYMENTS } from '../payments.tokens';
import type { ProcessorDirectory } from './ports/card-processor';
import type { CardTokenRepository } from './ports/payment-repositories';

/**
 * Card tokens are single-use and bound to the account, mode and checkout session they were minted on
 * (or that session's customer, to save the card). The test processor's ready-made tokens are exempt.
 */
@injectable()
export class CardTokens {
  constructor(
    @inject(PAYMENTS.CardTokenRepository) private readonly tokens: CardTokenRepository,
    @inject(PAYMENTS.Processors) private readonly processors: ProcessorDirectory,
  ) {}

  /**
   * Takes `token` for one use (`usedFor`); taking it again for the same use is allowed, for another
   * refused. Answers the token the processor charges.
   */
  async take(scope: Scope, token: string, use: TokenUse, usedFor: string): Promise<{ processorToken: string } | TokenRefusal> {
    if (!scope.livemode && (await this.processors.forScope(scope)).isFixture(token)) return { processorToken: token };
    return this.tokens.take(token, scope, use, usedFor);
  }
}
