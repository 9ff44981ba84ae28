import { inject, injectable } from 'inversify';
import type { OperationHandlers } from '../../../../platform/http/handlers';
import { AddPortalCard } from '../../application/add-portal-card';
import { CancelPortalSubscription } from '../../application/cancel-portal-subscription';
import { CreatePortalCardToken } from '../../application/create-portal-card-token';
import { CreatePortalSession } from '../../application/create-portal-session';
import { GetPortalPage } from '../../application/get-portal-page';
import { PreviewPortalSwitch } from '../../application/preview-portal-switch';
import { ReactivatePortalSubscription } from '../../application/reactivate-portal-subscription';
import { RemovePortalCard } from '../../application/remove-portal-card';
import { SetPortalDefaultCard } from '../../application/set-portal-default-card';
import { SwitchPortalPlan } from '../../application/switch-portal-plan';
import { UpdatePortalContact } from '../../application/update-portal-contact';
import { cardInputOf, cardTokenView, hostedReportOf } from '../../../payments';
import { portalPage, switchPreview } from './portal.mapper';

@injectable()
export class PortalRouter {
  constructor(
    @inject(CreatePortalSession) private readonly createSession: CreatePortalSession,
    @inject(GetPortalPage) private readonly getPage: GetPortalPage,
    @inject(PreviewPortalSwitch) private readonly previewSwitch: PreviewPortalSwitch,
    @inject(SwitchPortalPlan) private readonly switchPlan: SwitchPortalPlan,
    @inject(CancelPortalSubscription) private readonly cancel: CancelPortalSubscription,
    @inject(ReactivatePortalSubscription) private readonly reactivate: ReactivatePortalSubscription,
    @inject(CreatePortalCardToken) private readonly createToken: CreatePortalCardToken,
    @inject(AddPortalCard) private readonly addCard: AddPortalCard,
    @inject(SetPortalDefaultCard) private readonly setDefaultCard: SetPortalDefaultCard,
    @inject(RemovePortalCard) private readonly removeCard: RemovePortalCard,
    @inject(UpdatePortalContact) private readonly updateContact: UpdatePortalContact,
  ) {}

  handlers(): OperationHandlers {
    return {
      createBillingPortalSession: async ({ auth, body }) => {
        const { session, url } = await this.createSession.execute(auth, {
          customer: body.customer,
          returnUrl: body.return_url,
          locale: body.locale,
        });
        return {
          success: true,
          data: {
            id: session.id,
            object: 'billing_portal.session',
            customer: session.customerId,
            url,
            return_url: session.returnUrl,
            locale: session.locale,
            livemode: session.livemode,
            expires_at: session.expiresAt.toISOString(),
            created: session.createdAt.toISOString(),
          },
        };
      },
      getPortalPage: async ({ params }) => ({ success: true, data: portalPage(await this.getPage.execute(params.id)) }),
      previewPortalSwitch: async ({ params, query }) => ({
        success: true,
        data: switchPreview(await this.previewSwitch.execute(params.id, params.subscription, query.price)),
      }),
      switchPortalPlan: async ({ params, body }) => ({
        success: true,
        data: portalPage(await this.switchPlan.execute(params.id, params.subscription, body.price)),
      }),
      cancelPortalSubscription: async ({ params, body }) => ({
        success: true,
        data: portalPage(await this.cancel.execute(params.id, params.subscription, body.reason)),
      }),
      reactivatePortalSubscription: async ({ params }) => ({
        success: true,
        data: portalPage(await this.reactivate.execute(params.id, params.subscription)),
      }),
      createPortalCardToken: async ({ params, body }) => {
        const { token, card } = await this.createToken.execute(params.id, cardInputOf(body.card));
        return { success: true, data: cardTokenView(token, card) };
      },
      addPortalPaymentMethod: async ({ params, body }) => ({
        success: true,
        data: portalPage(await this.addCard.execute(params.id, body.token)),
      }),
      createPortalCardCheck: async ({ params }) => {
        const check = await this.addCard.startCheck(params.id);
        return { success: true, data: { challenge_id: check.challengeId, charge: check.charge } };
      },
      completePortalCardCheck: async ({ params, body }) => ({
        success: true,
        data: portalPage(await this.addCard.completeCheck(params.id, params.challenge_id, hostedReportOf(body))),
      }),
      setPortalDefaultPaymentMethod: async ({ params }) => ({
        success: true,
        data: portalPage(await this.setDefaultCard.execute(params.id, params.payment_method)),
      }),
      removePortalPaymentMethod: async ({ params }) => ({
        success: true,
        data: portalPage(await this.removeCard.execute(params.id, params.payment_method)),
      }),
      updatePortalCustomer: async ({ params, body }) => ({
        success: true,
        data: portalPage(await this.updateContact.execute(params.id, { email: body.email, phone: body.phone })),
      }),
    };
  }
}
