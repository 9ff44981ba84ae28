import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { ValidationError } from '../../../shared/domain/domain-error';
import { newId } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PAYMENTS } from '../payments.tokens';
import { MoneyGate } from './money/money-gate';
import type { CardDetails, CardInput } from './ports/card-processor';
import type { CardTokenRepository } from './ports/payment-repositories';

/** The page sends the card here, and only here: the processor checks it and answers a token. */
@injectable()
export class TokenizeCard {
  constructor(
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(PAYMENTS.CardTokenRepository) private readonly tokens: CardTokenRepository,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /** The token is bound to the session it is minted on (and its customer), and good for one use. */
  async execute(
    scope: Scope,
    card: CardInput,
    minted: { sessionId: string; customerId: string },
  ): Promise<{ token: string; card: CardDetails }> {
    const processor = await this.gate.processorFor(scope);
    // A processor whose own fields take the card is never sent one by Kupa, nor is Kupa.
    if (processor.capabilities.cardCollection.type === 'hosted_fields')
      throw new ValidationError(
        'hosted_fields_required',
        `${processor.name} takes cards in its own fields on the page; no card number is accepted here`,
        'card',
      );
    const tokenized = await processor.tokenize(card, this.clock.now());
    // The page holds a `tok_` id of ours; the processor's own token stays here.
    const token = newId('tok');
    await this.tokens.add(token, tokenized.token, scope, minted, this.clock.now());
    return { token, card: tokenized.card };
  }
}
