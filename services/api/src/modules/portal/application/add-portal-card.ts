import { inject, injectable } from 'inversify';
import { CardDeclined, CheckCardInFields, CreatePaymentMethod, type HostedReport } from '../../payments';
import { DefaultCard } from './default-card';
import { GetPortalPage } from './get-portal-page';
import type { PortalView } from './portal-view';
import { PortalAccess } from './portal-access';

/**
 * The customer adds a card: the processor verifies it without a charge as it is saved, and it becomes the
 * card of every subscription, a past-due one charged with it at once.
 * - By a token of the page's own fields: a J2 check. The token names the save, so the same token sent
 *   again (a double click, a retry) answers the same card, charged once.
 * - In the processor's own fields (`CheckCardInFields`): a ₪1 J5 check the page makes there and reports,
 *   read back, released, and saved; the same report again answers the same card.
 */
@injectable()
export class AddPortalCard {
  constructor(
    @inject(PortalAccess) private readonly access: PortalAccess,
    @inject(CreatePaymentMethod) private readonly createPaymentMethod: CreatePaymentMethod,
    @inject(DefaultCard) private readonly defaultCard: DefaultCard,
    @inject(GetPortalPage) private readonly page: GetPortalPage,
    @inject(CheckCardInFields) private readonly checkCard: CheckCardInFields,
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

  /** A check for the processor's own fields to make: bound to this portal session. */
  async startCheck(sessionId: string): Promise<{ challengeId: string; charge: Record<string, string> }> {
    const visit = await this.access.visit(sessionId);
    return this.checkCard.prepare(visit.scope, visit.session.id);
  }

  /** The check the page reported: its card, saved and made the default (`card_declined` when it holds nothing). */
  async completeCheck(sessionId: string, challengeId: string, report: HostedReport): Promise<PortalView> {
    const visit = await this.access.visit(sessionId);
    const card = await this.checkCard.complete(visit.scope, visit.customerId, visit.session.id, challengeId, report);
    if (card === 'declined') throw new CardDeclined('The card was declined', 'transaction_id');
    await this.defaultCard.set(visit, card.id);
    return this.page.render(visit);
  }
}
