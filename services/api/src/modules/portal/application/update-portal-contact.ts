import { inject, injectable } from 'inversify';
import { UpdateCustomer } from '../../customers';
import { GetPortalPage } from './get-portal-page';
import type { PortalView } from './portal-view';
import { PortalAccess } from './portal-access';

/** The customer corrects their email or phone (`customer.updated`, as the API's change). */
@injectable()
export class UpdatePortalContact {
  constructor(
    @inject(PortalAccess) private readonly access: PortalAccess,
    @inject(UpdateCustomer) private readonly updateCustomer: UpdateCustomer,
    @inject(GetPortalPage) private readonly page: GetPortalPage,
  ) {}

  async execute(sessionId: string, contact: { email?: string | null; phone?: string | null }): Promise<PortalView> {
    const visit = await this.access.visit(sessionId);
    await this.updateCustomer.execute(visit.scope, visit.customerId, contact);
    return this.page.render(visit);
  }
}
