import { inject, injectable } from 'inversify';
import { DomainError } from '../../../shared/domain/domain-error';
import { DetachPaymentMethod } from '../../payments';
import { GetPortalPage } from './get-portal-page';
import type { PortalView } from './portal-view';
import { PortalAccess } from './portal-access';

/** The customer removes a saved card no subscription is charged to (else 409 `payment_method_in_use`). */
@injectable()
export class RemovePortalCard {
  constructor(
    @inject(PortalAccess) private readonly access: PortalAccess,
    @inject(DetachPaymentMethod) private readonly detach: DetachPaymentMethod,
    @inject(GetPortalPage) private readonly page: GetPortalPage,
  ) {}

  async execute(sessionId: string, cardId: string): Promise<PortalView> {
    const visit = await this.access.visit(sessionId);
    await this.access.card(visit, cardId);
    const open = (await this.access.subscriptions(visit)).filter((subscription) => subscription.status !== 'canceled');
    if (open.some((subscription) => subscription.paymentMethodId === cardId))
      throw new DomainError('payment_method_in_use', 'A subscription is charged to this card: add or choose another card first');
    await this.detach.execute(visit.scope, cardId);
    return this.page.render(visit);
  }
}
