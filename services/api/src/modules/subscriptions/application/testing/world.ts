import { ChargeSavedCard, RecordSavedCardCharge } from '../../../payments';
import {
  aSavedCard,
  type CardBehaviour,
  fakeAccounts,
  fakeCustomers,
  InMemoryPaymentMethods,
  paymentsWorld,
  SCOPE,
} from '../../../payments/testing';
import { Subscription } from '../../domain/subscription';
import { AdvanceSubscription } from '../advance-subscription';
import { SubscriptionEffects } from '../subscription-effects';
import type { CustomerBalance } from '../../../customers';
import { InMemoryBalances, InMemorySubscriptions } from './fakes';

/** Renewals wired as in the service (subscriptions over payments), over fakes. */
export function renewalsWorld() {
  const payments = paymentsWorld();
  const { uow, clock, effects } = payments;
  const methods = new InMemoryPaymentMethods(uow);
  const subscriptions = new InMemorySubscriptions(uow);
  const balances = new InMemoryBalances();
  const chargeSavedCard = new ChargeSavedCard(methods, payments.gate, payments.driver, payments.config, payments.directory, clock);
  const subscriptionEffects = new SubscriptionEffects(
    effects.recordEvent,
    effects.queueEmail,
    fakeCustomers(payments.customer),
    fakeAccounts(payments.account),
    balances as unknown as CustomerBalance,
    { forEmail: async (_scope, customerId) => `https://checkout.example/portal/for_${customerId}` },
  );
  const advance = new AdvanceSubscription(
    subscriptions,
    chargeSavedCard,
    new RecordSavedCardCharge(payments.book, uow),
    subscriptionEffects,
    balances as unknown as CustomerBalance,
    fakeAccounts(payments.account),
    uow,
  );

  /** A monthly subscription of ₪49 started now, paying with a saved card that behaves as `card` says. */
  async function aSubscription(card: CardBehaviour = 'ok', trialPeriodDays: number | null = null): Promise<Subscription> {
    const method = await aSavedCard(payments, methods, `pm_ref_${subscriptions.table.all().length + 1}`, card);
    const plan = {
      price: 'price_monthly',
      product: 'prod_gym',
      name: 'Monthly',
      unitAmount: 4_900,
      currency: 'ils' as const,
      interval: 'month' as const,
      trialPeriodDays,
    };
    const subscription = Subscription.start(
      SCOPE,
      { customerId: payments.customer.id, paymentMethodId: method.id, plan, testClockId: null },
      clock.now(),
    );
    await subscriptions.add(subscription);
    return subscription;
  }

  return { ...payments, methods, subscriptions, balances, advance, aSubscription, effectsOfSubscriptions: subscriptionEffects };
}
