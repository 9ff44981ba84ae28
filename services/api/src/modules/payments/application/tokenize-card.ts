import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { MoneyGate } from './money-gate';
import type { CardDetails, CardInput } from './ports/card-processor';

/** The page sends the card here, and only here: the processor checks it and answers a token. */
@injectable()
export class TokenizeCard {
  constructor(
    @inject(MoneyGate) private readonly gate: MoneyGate,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, card: CardInput): Promise<{ token: string; card: CardDetails }> {
    const processor = await this.gate.processorFor(scope);
    return processor.tokenize(card, this.clock.now());
  }
}
