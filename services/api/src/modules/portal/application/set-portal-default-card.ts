import { inject, injectable } from 'inversify';
import { DefaultCard } from './default-card';
import { GetPortalPage } from './get-portal-page';
import type { PortalView } from './portal-view';
import { PortalAccess } from './portal-access';

/** The customer chooses which saved card their subscriptions are charged to. */
@injectable()
export class SetPortalDefaultCard {
  constructor(
    @inject(PortalAccess) private readonly access: PortalAccess,
    @inject(DefaultCard) private readonly defaultCard: DefaultCard,
    @inject(GetPortalPage) private readonly page: GetPortalPage,
  ) {}

  async execute(sessionId: string, cardId: string): Promise<PortalView> {
    const visit = await this.access.visit(sessionId);
    await this.access.card(visit, cardId);
    await this.defaultCard.set(visit, cardId);
    return this.page.render(visit);
  }
}
