import { inject, injectable } from 'inversify';
import type { Schemas } from '../../../platform/http/contract';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { SessionStatus } from '../domain/checkout-session';
import { CHECKOUT } from '../checkout.tokens';
import type { CheckoutSessionRepository } from './ports/checkout-session-repository';
import { SessionView } from './session-view';

@injectable()
export class ListCheckoutSessions {
  constructor(
    @inject(CHECKOUT.CheckoutSessionRepository) private readonly sessions: CheckoutSessionRepository,
    @inject(SessionView) private readonly view: SessionView,
  ) {}

  async execute(scope: Scope, filter: { customer?: string; status?: SessionStatus }, page: PageRequest): Promise<Page<Schemas['CheckoutSession']>> {
    const found = await this.sessions.list(scope, filter, page);
    return { items: await Promise.all(found.items.map((session) => this.view.render(session))), hasMore: found.hasMore };
  }
}
