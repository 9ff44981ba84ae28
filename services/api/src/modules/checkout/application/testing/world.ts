import { PriceCheckout, RedeemDiscounts } from '../../../discounts';
import { aDiscountRule, InMemoryDiscountRules } from '../../../discounts/testing';
import {
  AnswerPaymentChallenge,
  AttemptsInFlight,
  type CheckCardInFields,
  type CreatePaymentMethod,
  GetPaymentMethod,
  PrepareHostedCharge,
} from '../../../payments';
import { SCOPE } from '../../../payments/testing';
import { CheckoutPlanChanges, StartSubscription } from '../../../subscriptions';
import { renewalsWorld } from '../../../subscriptions/testing';
import { CheckoutSession, type OpenSessionInput } from '../../domain/checkout-session';
import { ChoosePaymentSource } from '../choose-payment-source';
import { CompleteThreeDSecure } from '../complete-three-d-secure';
import { CompleteCheckoutSession } from '../complete-checkout-session';
import { ConfirmCheckoutSession } from '../confirm-checkout-session';
import { ExpireCheckoutSession } from '../expire-checkout-session';
import { LoadPendingSession } from '../load-pending-session';
import { SessionView } from '../../published/session-view';
import { SessionPricing } from '../session-pricing';
import { SettleCheckoutPayment } from '../settle-checkout-payment';
import { StartFreeCheckout } from '../start-free-checkout';
import { InMemoryCheckoutSessions } from './fakes';

/** Checkout's confirm wired as in the service (checkout over payments, discounts and subscriptions), over fakes. */
export function checkoutWorld() {
  const world = renewalsWorld();
  const { uow, clock, effects } = world;
  const sessions = new InMemoryCheckoutSessions(uow);
  const rules = new InMemoryDiscountRules(uow);
  const pricing = new SessionPricing(new PriceCheckout(rules), clock);
  const settings = { checkoutHostUrl: 'https://pay.example', apiBaseUrl: 'https://api.example' };
  const view = new SessionView(pricing, settings, clock);
  const redeem = new RedeemDiscounts(rules, clock);
  const inFlight = new AttemptsInFlight(world.attempts);
  const expire = new ExpireCheckoutSession(sessions, view, effects.recordEvent, inFlight, redeem, uow, clock);
  const startSubscription = new StartSubscription(world.subscriptions, world.effectsOfSubscriptions, uow, {
    now: async () => ({ now: clock.now(), testClockId: null }),
  });
  const noPlanChanges = {
    apply: () => Promise.reject(new Error('plan changes through checkout are not part of these specifications')),
  } as unknown as CheckoutPlanChanges;
  const complete = new CompleteCheckoutSession(sessions, startSubscription, noPlanChanges, effects.recordEvent, view, clock);
  const noSaving = {
    execute: () => Promise.reject(new Error('saving a card is not part of these specifications')),
  } as unknown as CreatePaymentMethod;
  const noCardChecks = {
    prepare: () => Promise.reject(new Error("checking a card in the processor's fields is not part of these specifications")),
  } as unknown as CheckCardInFields;
  const loadPending = new LoadPendingSession(sessions, expire, clock);
  const settle = new SettleCheckoutPayment(world.settle, complete, redeem, noPlanChanges);
  const answerChallenge = new CompleteThreeDSecure(
    sessions,
    loadPending,
    pricing,
    new AnswerPaymentChallenge(world.attempts, uow, clock),
    settle,
    noPlanChanges,
    uow,
  );
  const confirm = new ConfirmCheckoutSession(
    sessions,
    loadPending,
    pricing,
    new ChoosePaymentSource(world.getAccount, new GetPaymentMethod(world.methods), noSaving, world.describe),
    world.start,
    inFlight,
    settle,
    redeem,
    noPlanChanges,
    new PrepareHostedCharge(world.directory, world.attempts, uow),
    uow,
    settings,
    noCardChecks,
    new StartFreeCheckout(redeem, complete, uow),
  );

  /** A pending session of this customer: a cart of ₪100 unless told otherwise. */
  async function aSession(overrides: Partial<OpenSessionInput> = {}): Promise<CheckoutSession> {
    const session = CheckoutSession.open(
      SCOPE,
      {
        customerId: world.customer.id,
        price: null,
        lineItems: [
          { name: 'Olive oil', amountAgorot: 10_000, quantity: 1, description: null, imageUrl: null, price: null, product: null },
        ],
        successUrl: 'https://shop.example/thanks/{CHECKOUT_SESSION_ID}',
        cancelUrl: 'https://shop.example/cart',
        createDocument: true,
        captureMethod: 'automatic',
        paymentMethods: undefined,
        backgroundColor: undefined,
        autoOpenWallets: false,
        locale: 'en',
        installmentsMax: null,
        walletsEnabled: false,
        couponCodes: [],
        processor: null,
        ...overrides,
      },
      clock.now(),
    );
    await sessions.add(session);
    return session;
  }

  /** A discount rule under `code`, created now. */
  async function aDiscount(code: string, percentOff: number, maxRedemptions?: number) {
    const rule = aDiscountRule(SCOPE, { code, percentOff, maxRedemptions }, clock.now());
    await rules.add(rule);
    return rule;
  }

  return { ...world, sessions, rules, confirm, answerChallenge, expire, aSession, aDiscount };
}
