import { inject, injectable } from 'inversify';
import type { OperationHandlers } from '../../../../platform/http/handlers';
import { listReply, pageOf } from '../../../../platform/http/replies';
import { ApplyCheckoutDiscount } from '../../application/apply-checkout-discount';
import { CreateCheckoutSession } from '../../application/create-checkout-session';
import { GetCheckoutPage } from '../../application/get-checkout-page';
import { GetCheckoutSession } from '../../application/get-checkout-session';
import { ListCheckoutSessions } from '../../application/list-checkout-sessions';
import { RemoveCheckoutDiscount } from '../../application/remove-checkout-discount';
import { discountSummary } from '../../published/checkout-session';
import { SessionView } from '../../published/session-view';
import { CompleteThreeDSecure } from '../../application/complete-three-d-secure';
import { ConfirmCheckoutSession } from '../../application/confirm-checkout-session';
import { checkoutPageView, confirmResult } from './checkout.mapper';
import { CreateCardToken } from '../../application/create-card-token';
import { cardInputOf, cardTokenView, hostedReportOf, HostedReportRefused } from '../../../payments';
import { CompleteHostedCharge } from '../../application/complete-hosted-charge';
import { LOGGING } from '../../../../platform/logging/logging.tokens';
import type { Logger } from 'pino';
import { DomainError } from '../../../../shared/domain/domain-error';

@injectable()
export class CheckoutRouter {
  constructor(
    @inject(CreateCheckoutSession) private readonly createSession: CreateCheckoutSession,
    @inject(GetCheckoutSession) private readonly getSession: GetCheckoutSession,
    @inject(ListCheckoutSessions) private readonly listSessions: ListCheckoutSessions,
    @inject(GetCheckoutPage) private readonly getPage: GetCheckoutPage,
    @inject(ApplyCheckoutDiscount) private readonly applyDiscount: ApplyCheckoutDiscount,
    @inject(RemoveCheckoutDiscount) private readonly removeDiscount: RemoveCheckoutDiscount,
    @inject(SessionView) private readonly view: SessionView,
    @inject(ConfirmCheckoutSession) private readonly confirm: ConfirmCheckoutSession,
    @inject(CompleteThreeDSecure) private readonly threeDSecure: CompleteThreeDSecure,
    @inject(CreateCardToken) private readonly createToken: CreateCardToken,
    @inject(CompleteHostedCharge) private readonly hostedCharge: CompleteHostedCharge,
    @inject(LOGGING.Logger) private readonly logger: Logger,
  ) {}

  handlers(): OperationHandlers {
    return {
      createCheckoutSession: async ({ auth, body }) => {
        const session = await this.createSession.execute(auth, {
          customer: body.customer,
          price: body.price,
          lineItems: body.line_items?.map((line) => ({
            name: line.name,
            amountAgorot: line.amount_agorot,
            quantity: line.quantity,
            description: line.description,
            imageUrl: line.image_url,
            price: line.price,
            product: line.product,
          })),
          successUrl: body.success_url,
          cancelUrl: body.cancel_url,
          createDocument: body.create_document,
          captureMethod: body.capture_method,
          couponCodes: body.coupon_codes,
          paymentMethods: body.payment_methods,
          backgroundColor: body.background_color,
          autoOpenWallets: body.auto_open_wallets,
          locale: body.locale,
          installmentsMax: body.installments?.max,
          metadata: body.metadata,
          subscription: body.subscription,
        });
        return { success: true, data: await this.view.render(session) };
      },
      getCheckoutSession: async ({ auth, params }) => ({
        success: true,
        data: this.view.present(await this.getSession.execute(auth, params.id)),
      }),
      listCheckoutSessions: async ({ auth, query }) => {
        const page = await this.listSessions.execute(auth, { customer: query.customer, status: query.status }, pageOf(query));
        return listReply(page, (priced) => this.view.present(priced));
      },
      getCheckoutPage: async ({ params, query }) => ({
        success: true,
        data: checkoutPageView(await this.getPage.execute(params.id, query.surface ?? 'hosted')),
      }),
      applyCheckoutDiscount: async ({ params, body }) => ({
        success: true,
        data: discountSummary(await this.applyDiscount.execute(params.id, body.code)),
      }),
      removeCheckoutDiscount: async ({ params }) => ({
        success: true,
        data: discountSummary(await this.removeDiscount.execute(params.id, params.code)),
      }),
      confirmCheckoutSession: async ({ params, body }) => {
        const method = body.payment_method;
        const choice = method.type === 'saved_card' ? { type: method.type, paymentMethod: method.payment_method } : method;
        return {
          success: true,
          data: confirmResult(
            await this.confirm.execute(params.id, choice, { installments: body.installments, expectedAmount: body.expected_amount }),
          ),
        };
      },
      reportHostedCharge: async ({ params, body }) => {
        const report = hostedReportOf(body);
        try {
          const done = await this.hostedCharge.execute(params.id, body.challenge_id, report);
          this.logLateRefund(params.id, body.challenge_id, done.refundedLate);
          return { success: true, data: confirmResult(done.outcome) };
        } catch (error) {
          // A forged or replayed report: kept in the log, with what it named and what differed.
          if (error instanceof HostedReportRefused)
            this.logger.warn(
              { checkoutSession: params.id, payment: body.challenge_id, transaction: body.transaction_id, differs: error.field },
              'hosted fields report refused',
            );
          throw error;
        }
      },
      notifyBitPayment: async ({ params }) => {
        const done = await this.hostedCharge.execute(params.id, params.challenge_id, null).catch((error: unknown) => {
          // Not recorded yet at Bit: the page's report, or the reconciler, finishes it.
          if (error instanceof DomainError && error.code === 'payment_in_progress') return null;
          throw error;
        });
        this.logLateRefund(params.id, params.challenge_id, done?.refundedLate ?? false);
        return { received: true as const };
      },
      completeThreeDSecure: async ({ params, body }) => ({
        success: true,
        data: confirmResult(await this.threeDSecure.execute(params.id, body.challenge_id, body.result)),
      }),
      createCardToken: async ({ body }) => {
        const { token, card } = await this.createToken.execute(body.checkout_session, cardInputOf(body.card));
        return { success: true, data: cardTokenView(token, card) };
      },
    };
  }

  /** A Bit payment approved after its attempt ended unpaid, and refunded: kept in the log for the merchant's support. */
  private logLateRefund(sessionId: string, attemptId: string, refunded: boolean): void {
    if (refunded)
      this.logger.warn({ checkoutSession: sessionId, payment: attemptId }, 'a Bit payment approved after its attempt ended was refunded');
  }
}
