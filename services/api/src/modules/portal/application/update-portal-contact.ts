import { inject, injectable } from 'inversify';
import type { Schemas } from '../../../platform/http/contract';
import { UpdateCustomer } from '../../customers';
import { GetPortalPage } from './get-portal-page';
import { PortalAccess } from './portal-access';

/** The customer corrects their email or phone (`customer.updated`, as the API's change). */
@injectable()
export class UpdatePortalContact {
  constructor(
    @inject(PortalAccess) private readonly access: PortalAccess,
    @inject(UpdateCustomer) private readonly updateCustomer: UpdateCustomer,
    @inject(GetPortalPage) private readonly page: GetPortalPage,
  ) {}

  async execute(sessionId: string, contact: { email?: string | null; phone?: string | null }): Promise<Schemas['PortalPage']> {
    const visit = await this.access.visit(sessionId);
    await this.updateCustomer.execute(visit.scope, visit.customerId, contact);
    return this.page.render(visit);
  }
}
