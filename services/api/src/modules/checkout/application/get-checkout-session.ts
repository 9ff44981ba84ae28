import { inject, injectable } from 'inversify';
import type { Schemas } from '../../../platform/http/contract';
import type { Scope } from '../../../shared/domain/scope';
import { CheckoutSessionNotFound, sessionIdFromPath } from '../domain/checkout-session';
import { CHECKOUT } from '../checkout.tokens';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionView } from './session-view';

@injectable()
export class GetCheckoutSession {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(SessionView) private readonly view: SessionView,
  ) {}

  async execute(scope: Scope, id: string): Promise<Schemas['CheckoutSession']> {
    const session = await this.sessions.findById(scope, sessionIdFromPath(id));
    if (!session) throw new CheckoutSessionNotFound(id);
    return this.view.render(session);
  }
}
