import { inject, injectable } from 'inversify';
import type { Scope } from '../shared/domain/scope';
import { CreatePortalSession } from '../modules/portal';
import type { PortalLinks } from '../modules/subscriptions';

/** Subscriptions' emails link to the customer portal, which itself reaches subscriptions: they meet here. */
@injectable()
export class PortalLinksAdapter implements PortalLinks {
  constructor(@inject(CreatePortalSession) private readonly createSession: CreatePortalSession) {}

  forEmail(scope: Scope, customerId: string): Promise<string> {
    return this.createSession.forEmail(scope, customerId);
  }
}
