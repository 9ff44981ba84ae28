import { ContainerModule } from 'inversify';
import { bindSingletons } from '../../platform/di';
import type { QueueDefinition } from '../../platform/jobs/job-queue';
import { ApplyCheckoutDiscount } from './application/apply-checkout-discount';
import { CreateCheckoutSession } from './application/create-checkout-session';
import { ExpireCheckoutSession } from './application/expire-checkout-session';
import { ExpireDueSessions } from './application/expire-due-sessions';
import { GetCheckoutPage } from './application/get-checkout-page';
import { GetCheckoutSession } from './application/get-checkout-session';
import { ListCheckoutSessions } from './application/list-checkout-sessions';
import { RemoveCheckoutDiscount } from './application/remove-checkout-discount';
import { SessionView } from './published/session-view';
import { SessionPricing } from './application/session-pricing';
import { CompleteCheckoutSession } from './application/complete-checkout-session';
import { StartFreeCheckout } from './application/start-free-checkout';
import { ChoosePaymentSource } from './application/choose-payment-source';
import { CompleteThreeDSecure } from './application/complete-three-d-secure';
import { CompleteHostedCharge } from './application/complete-hosted-charge';
import { CardFieldOrigins } from './application/card-field-origins';
import { LoadPendingSession } from './application/load-pending-session';
import { SettleCheckoutPayment } from './application/settle-checkout-payment';
import { ConfirmCheckoutSession } from './application/confirm-checkout-session';
import { FinishCheckoutPayment } from './application/finish-checkout-payment';
import { INTENT_FINISHERS } from '../payments';
import { CreateCardToken } from './application/create-card-token';
import { CHECKOUT, SESSION_EXPIRY_QUEUE, SESSION_EXPIRY_SWEEP_QUEUE } from './checkout.tokens';
import { PgCheckoutSessionRepository } from './infrastructure/postgres/checkout-session.repository';
import { CheckoutSessionSchema } from './infrastructure/postgres/checkout-session.schema';
import { CheckoutRouter } from './interfaces/http/checkout.router';
import { SessionExpiryJob } from './interfaces/jobs/session-expiry.job';

export const checkoutEntities = [CheckoutSessionSchema];

export function checkoutQueues(expireInSeconds: number): QueueDefinition[] {
  return [
    { name: SESSION_EXPIRY_QUEUE, expireInSeconds, retryLimit: 5 },
    { name: SESSION_EXPIRY_SWEEP_QUEUE, expireInSeconds: Math.max(expireInSeconds, 300), retryLimit: 1 },
  ];
}

/** Needs CHECKOUT.Settings bound by the composition root. */
export const checkoutModule = new ContainerModule(({ bind }) => {
  bind(CHECKOUT.CheckoutSessionRepository).to(PgCheckoutSessionRepository).inSingletonScope();
  bindSingletons(bind, [
    SessionView,
    SessionPricing,
    CreateCheckoutSession,
    GetCheckoutSession,
    ListCheckoutSessions,
    GetCheckoutPage,
    ApplyCheckoutDiscount,
    RemoveCheckoutDiscount,
    ExpireCheckoutSession,
    ExpireDueSessions,
    CheckoutRouter,
    SessionExpiryJob,
    CompleteCheckoutSession,
    StartFreeCheckout,
    ConfirmCheckoutSession,
    CompleteThreeDSecure,
    CompleteHostedCharge,
    CardFieldOrigins,
    CreateCardToken,
    LoadPendingSession,
    SettleCheckoutPayment,
    ChoosePaymentSource,
    FinishCheckoutPayment,
  ]);
  bind(INTENT_FINISHERS).toService(FinishCheckoutPayment);
});
