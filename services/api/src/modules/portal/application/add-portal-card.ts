import { inject, injectable } from 'inversify';
import { CreatePaymentMethod } from '../../payments';
import { DefaultCard } from './default-card';
import { GetPortalPage } from './get-portal-page';
import type { PortalView } from './portal-view';
import { PortalAccess } from './portal-access';

/**
 * The customer adds a card: the processor verifies it without a charge (J2) as it is saved, and it
 * becomes the card of every subscription, a past-due one charged with it at once. The token names the
 * save, so the same token sent again (a double click, a retry) answers the same card, charged once.
 */
@injectable()
export class AddPortalCard {
  constructor(
    @inject(PortalAccess) private readonly access: PortalAccess,
    @inject(CreatePaymentMethod) private readonly createPaymentMethod: CreatePaymentMethod,
    @inject(DefaultCard) private readonly defaultCard: DefaultCard,
    @inject(GetPortalPage) private readonly page: GetPortalPage,
  ) {}

  async execute(sessionId: string, token: string): Promise<PortalView> {
    const visit = await this.access.visit(sessionId);
    const card = await this.createPaymentMethod.execute(visit.scope, {
      customer: visit.customerId,
      token,
      idempotencyKey: `portal_${token}`,
    });
    await this.defaultCard.set(visit, card.id);
    return this.page.render(visit);
  }
}
