import type { Schemas } from '../../../shared/contract/contract';
import { lineItemShape } from '../../../shared/contract/line-shapes';
import type { Charge } from '../domain/charge';
import type { PaymentMethod } from '../domain/payment-method';
import type { Refund } from '../domain/refund';

/** The charge as the API and its events show it (events carry the contract's shapes). */
export function chargeView(charge: Charge): Schemas['Charge'] {
  const manual = charge.captureMethod === 'manual';
  return {
    id: charge.id,
    object: 'charge',
    customer: charge.customerId,
    amount: charge.amount,
    amount_captured: charge.amountCaptured,
    amount_refunded: charge.amountRefunded,
    currency: charge.currency,
    status: charge.status,
    capture_method: charge.captureMethod,
    captured: charge.amountCaptured !== null,
    ...(manual && charge.authorizedAt
      ? { authorized_at: charge.authorizedAt.toISOString(), capturable_until: charge.capturableUntil!.toISOString() }
      : {}),
    captured_at: charge.capturedAt?.toISOString() ?? null,
    canceled_at: charge.canceledAt?.toISOString() ?? null,
    ...(charge.cancellationReason ? { cancellation_reason: charge.cancellationReason } : {}),
    ...(charge.checkoutSessionId ? { checkout_session: charge.checkoutSessionId.replace(/^co_/, 'cs_') } : {}),
    ...(charge.lineItems
      ? {
          line_items: charge.lineItems.map(lineItemShape),
        }
      : {}),
    subscription: charge.subscriptionId,
    payment_method_details: {
      type: charge.paymentMethodDetails.type,
      wallet: charge.paymentMethodDetails.wallet,
      card: {
        brand: charge.paymentMethodDetails.card.brand,
        last4: charge.paymentMethodDetails.card.last4,
        exp_month: charge.paymentMethodDetails.card.expMonth,
        exp_year: charge.paymentMethodDetails.card.expYear,
      },
      three_d_secure: charge.paymentMethodDetails.threeDSecure ?? null,
    },
    installments: charge.installments,
    document: charge.documentId,
    failure_code: charge.failureCode,
    failure_message: charge.failureMessage,
    failure_kind: charge.failureKind,
    next_retry_at: charge.nextRetryAt?.toISOString() ?? null,
    metadata: charge.metadata,
    livemode: charge.livemode,
    created: charge.createdAt.toISOString(),
  };
}

export function toRefundResponse(refund: Refund): Schemas['Refund'] {
  return {
    id: refund.id,
    object: 'refund',
    charge: refund.chargeId,
    amount: refund.amount,
    currency: refund.currency,
    status: refund.status,
    reason: refund.reason,
    document: refund.documentId,
    metadata: refund.metadata,
    livemode: refund.livemode,
    created: refund.createdAt.toISOString(),
  };
}

export function toPaymentMethodResponse(method: PaymentMethod): Schemas['PaymentMethod'] {
  return {
    id: method.id,
    object: 'payment_method',
    type: 'card',
    customer: method.customerId,
    card: { brand: method.brand, last4: method.last4, exp_month: method.expMonth, exp_year: method.expYear },
    livemode: method.livemode,
    created: method.createdAt.toISOString(),
  };
}
