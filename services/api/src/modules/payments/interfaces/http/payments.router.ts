import { inject, injectable } from 'inversify';
import type { OperationHandlers } from '../../../../platform/http/handlers';
import { listReply, pageOf } from '../../../../platform/http/replies';
import { CancelCharge } from '../../application/cancel-charge';
import { CaptureCharge } from '../../application/capture-charge';
import { chargeView, toPaymentMethodResponse, toRefundResponse } from '../../published/payments';
import { CreatePaymentMethod } from '../../application/create-payment-method';
import { DetachPaymentMethod } from '../../application/detach-payment-method';
import { GetCharge } from '../../application/get-charge';
import { GetPaymentMethod } from '../../application/get-payment-method';
import { ListCharges } from '../../application/list-charges';
import { ListPaymentMethods } from '../../application/list-payment-methods';
import { CreateRefund } from '../../application/create-refund';
import { GetRefund } from '../../application/get-refund';
import { ListRefunds } from '../../application/list-refunds';

@injectable()
export class PaymentsRouter {
  constructor(
    @inject(GetCharge) private readonly getCharge: GetCharge,
    @inject(ListCharges) private readonly listCharges: ListCharges,
    @inject(CaptureCharge) private readonly captureCharge: CaptureCharge,
    @inject(CancelCharge) private readonly cancelCharge: CancelCharge,
    @inject(CreatePaymentMethod) private readonly createPaymentMethod: CreatePaymentMethod,
    @inject(GetPaymentMethod) private readonly getPaymentMethod: GetPaymentMethod,
    @inject(ListPaymentMethods) private readonly listPaymentMethods: ListPaymentMethods,
    @inject(DetachPaymentMethod) private readonly detachPaymentMethod: DetachPaymentMethod,
    @inject(CreateRefund) private readonly createRefund: CreateRefund,
    @inject(GetRefund) private readonly getRefund: GetRefund,
    @inject(ListRefunds) private readonly listRefunds: ListRefunds,
  ) {}

  handlers(): OperationHandlers {
    return {
      getCharge: async ({ auth, params }) => ({ success: true, data: chargeView(await this.getCharge.execute(auth, params.id)) }),
      listCharges: async ({ auth, query }) =>
        listReply(
          await this.listCharges.execute(
            auth,
            {
              customer: query.customer,
              status: query.status,
              last4: query.last4,
              createdFrom: query.created_from,
              createdTo: query.created_to,
              amountMin: query.amount_min,
              amountMax: query.amount_max,
            },
            pageOf(query),
          ),
          chargeView,
        ),
      captureCharge: async ({ auth, params, body, idempotencyKey }) => ({
        success: true,
        data: chargeView(await this.captureCharge.execute(auth, params.id, body?.amount, idempotencyKey)),
      }),
      cancelCharge: async ({ auth, params, body, idempotencyKey }) => ({
        success: true,
        data: chargeView(await this.cancelCharge.execute(auth, params.id, body?.cancellation_reason, idempotencyKey)),
      }),
      createPaymentMethod: async ({ auth, body, idempotencyKey }) => ({
        success: true,
        data: toPaymentMethodResponse(await this.createPaymentMethod.execute(auth, { ...body, idempotencyKey })),
      }),
      getPaymentMethod: async ({ auth, params }) => ({
        success: true,
        data: toPaymentMethodResponse(await this.getPaymentMethod.execute(auth, params.id)),
      }),
      listPaymentMethods: async ({ auth, query }) =>
        listReply(await this.listPaymentMethods.execute(auth, { customer: query.customer }, pageOf(query)), toPaymentMethodResponse),
      listCustomerPaymentMethods: async ({ auth, params, query }) =>
        listReply(await this.listPaymentMethods.ofCustomer(auth, params.id, pageOf(query)), toPaymentMethodResponse),
      createRefund: async ({ auth, params, body, idempotencyKey }) => ({
        success: true,
        data: toRefundResponse(
          await this.createRefund.execute(
            auth,
            params.id,
            { amount: body?.amount, reason: body?.reason, limit: auth.actor?.refundLimit ?? undefined },
            idempotencyKey,
          ),
        ),
      }),
      getRefund: async ({ auth, params }) => ({ success: true, data: toRefundResponse(await this.getRefund.execute(auth, params.id)) }),
      listRefunds: async ({ auth, query }) =>
        listReply(await this.listRefunds.execute(auth, { charge: query.charge }, pageOf(query)), toRefundResponse),
      detachPaymentMethod: async ({ auth, params }) => ({
        success: true,
        data: toPaymentMethodResponse(await this.detachPaymentMethod.execute(auth, params.id)),
      }),
    };
  }
}
