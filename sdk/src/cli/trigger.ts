import { type KupaClient, unwrap } from '../index';
import type { KupaEventType } from '../webhooks';

type Log = (line: string) => void;

/** What a recipe made: the id of the object its event is about. */
type Recipe = (kit: Kit) => Promise<string>;

/** An event test mode cannot cause, and where to see it instead. */
interface LiveOnly {
  liveOnly: string;
}

const URLS = { success_url: 'https://shop.example/thanks', cancel_url: 'https://shop.example/cart' };
const DAY = 24 * 60 * 60 * 1000;
const ITEM = { name: 'Trigger test item', amount_agorot: 4900, quantity: 1 };

/** The building blocks recipes share: each creates real test-mode objects and says what it created. */
class Kit {
  constructor(
    readonly api: KupaClient,
    private readonly log: Log,
  ) {}

  private made(kind: string, id: string, extra = ''): string {
    this.log(`  created ${kind.padEnd(16)} ${id}${extra ? `  ${extra}` : ''}`);
    return id;
  }

  async testClock(): Promise<{ id: string; time: Date }> {
    const time = new Date(Math.floor(Date.now() / 1000) * 1000);
    const clock = unwrap(
      await this.api.POST('/v1/test_helpers/test_clocks', { body: { frozen_time: time.toISOString(), name: 'kupa trigger' } }),
    ).data;
    this.made('test clock', clock.id, `frozen at ${clock.frozen_time}`);
    return { id: clock.id, time };
  }

  async advance(clock: string, to: Date): Promise<void> {
    unwrap(
      await this.api.POST('/v1/test_helpers/test_clocks/{id}/advance', {
        params: { path: { id: clock } },
        body: { frozen_time: to.toISOString() },
      }),
    );
    this.log(`  advanced         test clock ${clock} to ${to.toISOString()}`);
  }

  async customer(testClock?: string): Promise<string> {
    const customer = unwrap(
      await this.api.POST('/v1/customers', {
        body: { name: 'Trigger Shopper', email: 'shopper@example.com', ...(testClock ? { test_clock: testClock } : {}) },
      }),
    ).data;
    return this.made('customer', customer.id);
  }

  /** A business customer, with a business number on its documents. */
  async businessCustomer(): Promise<string> {
    const customer = unwrap(
      await this.api.POST('/v1/customers', { body: { name: 'Trigger Business Ltd', email: 'ap@example.com', tax_id: '000000018' } }),
    ).data;
    return this.made('customer', customer.id, `business number ${customer.tax_id}`);
  }

  async savedCard(customer: string, token: string): Promise<string> {
    const method = unwrap(await this.api.POST('/v1/payment_methods', { body: { customer, token } })).data;
    return this.made('payment method', method.id, `(${token})`);
  }

  async monthlyPrice(trialDays?: number): Promise<string> {
    const product = unwrap(await this.api.POST('/v1/products', { body: { name: 'Trigger test plan' } })).data;
    this.made('product', product.id);
    const recurring = { interval: 'month' as const, ...(trialDays ? { trial_period_days: trialDays } : {}) };
    const price = unwrap(
      await this.api.POST('/v1/prices', {
        body: { product: product.id, unit_amount: 9900, currency: 'ils', type: 'recurring', recurring },
      }),
    ).data;
    return this.made('price', price.id, `₪99.00 a month${trialDays ? `, ${trialDays} days free` : ''}`);
  }

  async session(customer: string, captureMethod: 'automatic' | 'manual' = 'automatic', item = ITEM): Promise<string> {
    const session = unwrap(
      await this.api.POST('/v1/checkout_sessions', { body: { customer, line_items: [item], capture_method: captureMethod, ...URLS } }),
    ).data;
    return this.made('checkout session', session.id, captureMethod === 'manual' ? '(J5 hold)' : '');
  }

  async pay(session: string, token: string): Promise<void> {
    const result = unwrap(
      await this.api.POST('/v1/checkout_sessions/{id}/confirm', {
        params: { path: { id: session } },
        body: { payment_method: { type: 'card', token } },
      }),
    ).data;
    this.log(`  paid             ${session}  with ${token}: ${result.status}`);
  }

  async chargeOf(customer: string): Promise<string> {
    const [charge] = unwrap(await this.api.GET('/v1/charges', { params: { query: { customer, limit: 1 } } })).data;
    return this.made('charge', charge.id, `${charge.status}, ₪${(charge.amount / 100).toFixed(2)}`);
  }

  async documentOf(charge: string): Promise<string> {
    const { document } = unwrap(await this.api.GET('/v1/charges/{id}', { params: { path: { id: charge } } })).data;
    const { type, number } = unwrap(await this.api.GET('/v1/documents/{id}', { params: { path: { id: document! } } })).data;
    return this.made('document', document!, `${type} ${number}`);
  }

  async paidCharge(captureMethod: 'automatic' | 'manual' = 'automatic'): Promise<string> {
    const customer = await this.customer();
    await this.pay(await this.session(customer, captureMethod), 'tok_visa');
    return this.chargeOf(customer);
  }

  async subscription(customer: string, paymentMethod: string, price: string): Promise<{ id: string; periodEnd: Date }> {
    const subscription = unwrap(
      await this.api.POST('/v1/subscriptions', { body: { customer, payment_method: paymentMethod, price } }),
    ).data;
    this.made('subscription', subscription.id, subscription.status);
    return { id: subscription.id, periodEnd: new Date(subscription.current_period_end) };
  }

  /** A subscription of a customer on a test clock, paying with `token`. */
  async clockedSubscription(token: string, trialDays?: number) {
    const clock = await this.testClock();
    const customer = await this.customer(clock.id);
    const paymentMethod = await this.savedCard(customer, token);
    const subscription = await this.subscription(customer, paymentMethod, await this.monthlyPrice(trialDays));
    return { clock, subscription };
  }
}

/** How to cause each event type; the mapped type makes a new type in the contract a compile error here. */
const RECIPES: { [K in KupaEventType]: Recipe | LiveOnly } = {
  'charge.succeeded': (kit) => kit.paidCharge(),
  'charge.failed': async (kit) => {
    const customer = await kit.customer();
    await kit.pay(await kit.session(customer), 'tok_declined');
    return kit.chargeOf(customer);
  },
  'charge.authorized': (kit) => kit.paidCharge('manual'),
  'charge.captured': async (kit) => {
    const charge = await kit.paidCharge('manual');
    unwrap(await kit.api.POST('/v1/charges/{id}/capture', { params: { path: { id: charge } }, body: {} }));
    return charge;
  },
  'charge.canceled': async (kit) => {
    const charge = await kit.paidCharge('manual');
    unwrap(await kit.api.POST('/v1/charges/{id}/cancel', { params: { path: { id: charge } } }));
    return charge;
  },
  'charge.refunded': async (kit) => {
    const charge = await kit.paidCharge();
    unwrap(await kit.api.POST('/v1/charges/{id}/refunds', { params: { path: { id: charge } }, body: {} }));
    return charge;
  },
  'customer.updated': async (kit) => {
    const customer = await kit.customer();
    unwrap(
      await kit.api.POST('/v1/customers/{id}', {
        params: { path: { id: customer } },
        body: { metadata: { triggered_by: 'kupa trigger' } },
      }),
    );
    return customer;
  },
  'customer.deleted': async (kit) => {
    const customer = await kit.customer();
    unwrap(await kit.api.DELETE('/v1/customers/{id}', { params: { path: { id: customer } } }));
    return customer;
  },
  'product.updated': async (kit) => {
    const { product } = unwrap(await kit.api.GET('/v1/prices/{id}', { params: { path: { id: await kit.monthlyPrice() } } })).data;
    unwrap(await kit.api.POST('/v1/products/{id}', { params: { path: { id: product } }, body: { active: false } }));
    return product;
  },
  'price.updated': async (kit) => {
    const price = await kit.monthlyPrice();
    unwrap(await kit.api.POST('/v1/prices/{id}', { params: { path: { id: price } }, body: { active: false } }));
    return price;
  },
  'document.created': async (kit) => kit.documentOf(await kit.paidCharge()),
  'document.updated': async (kit) => {
    // A tax invoice of ₪11,800 (₪10,000 before VAT) to a business: above the allocation threshold.
    const customer = await kit.businessCustomer();
    await kit.pay(
      await kit.session(customer, 'automatic', { name: 'Trigger wholesale order', amount_agorot: 1_180_000, quantity: 1 }),
      'tok_visa',
    );
    return kit.documentOf(await kit.chargeOf(customer));
  },
  'checkout_session.completed': async (kit) => {
    const session = await kit.session(await kit.customer());
    await kit.pay(session, 'tok_visa');
    return session;
  },
  'checkout_session.expired': async (kit) => {
    const clock = await kit.testClock();
    const session = await kit.session(await kit.customer(clock.id));
    await kit.advance(clock.id, new Date(clock.time.getTime() + DAY));
    return session;
  },
  'subscription.created': async (kit) => {
    const customer = await kit.customer();
    return (await kit.subscription(customer, await kit.savedCard(customer, 'tok_visa'), await kit.monthlyPrice())).id;
  },
  'subscription.updated': async (kit) => {
    const { clock, subscription } = await kit.clockedSubscription('tok_visa');
    await kit.advance(clock.id, new Date(subscription.periodEnd.getTime() + 60_000));
    return subscription.id;
  },
  'subscription.past_due': async (kit) => {
    const { clock, subscription } = await kit.clockedSubscription('tok_renewal_declines');
    await kit.advance(clock.id, new Date(subscription.periodEnd.getTime() + 60_000));
    return subscription.id;
  },
  'subscription.paused': async (kit) => {
    const customer = await kit.customer();
    const { id } = await kit.subscription(customer, await kit.savedCard(customer, 'tok_visa'), await kit.monthlyPrice());
    unwrap(await kit.api.POST('/v1/subscriptions/{id}', { params: { path: { id } }, body: { pause_collection: { behavior: 'void' } } }));
    return id;
  },
  'subscription.resumed': async (kit) => {
    const customer = await kit.customer();
    const { id } = await kit.subscription(customer, await kit.savedCard(customer, 'tok_visa'), await kit.monthlyPrice());
    for (const pause_collection of [{ behavior: 'void' as const }, null])
      unwrap(await kit.api.POST('/v1/subscriptions/{id}', { params: { path: { id } }, body: { pause_collection } }));
    return id;
  },
  'subscription.trial_will_end': async (kit) => {
    const { clock, subscription } = await kit.clockedSubscription('tok_visa', 7);
    await kit.advance(clock.id, new Date(subscription.periodEnd.getTime() - 2 * DAY));
    return subscription.id;
  },
  'subscription.canceled': async (kit) => {
    const customer = await kit.customer();
    const { id } = await kit.subscription(customer, await kit.savedCard(customer, 'tok_visa'), await kit.monthlyPrice());
    unwrap(await kit.api.POST('/v1/subscriptions/{id}/cancel', { params: { path: { id } } }));
    return id;
  },
  'tax_authority_connection.updated': {
    liveOnly: 'connect a live account to the Tax Authority twin (pnpm twin:tax-authority), then revoke it (POST /twin/revoke)',
  },
};

/** Why `type` cannot be triggered in test mode, or null when it can. */
export function liveOnly(type: KupaEventType): string | null {
  const recipe = RECIPES[type];
  return 'liveOnly' in recipe ? recipe.liveOnly : null;
}

export const EVENT_TYPES = Object.keys(RECIPES) as KupaEventType[];

export function isEventType(value: string): value is KupaEventType {
  return (EVENT_TYPES as string[]).includes(value);
}

/**
 * Creates the test-mode objects that cause `type`, then finds the event it recorded. Answers the
 * event's id.
 */
export async function trigger(api: KupaClient, type: KupaEventType, log: Log, waitMs = 30_000): Promise<string> {
  const recipe = RECIPES[type];
  if ('liveOnly' in recipe) throw new Error(`${type} happens in live mode only: ${recipe.liveOnly}`);
  const about = await recipe(new Kit(api, log));
  // Most events are recorded with the change that causes them; a few (an allocation number) by a job soon after.
  for (const started = Date.now(); ; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const recent = unwrap(await api.GET('/v1/events', { params: { query: { type, limit: 20 } } })).data;
    const event = recent.find((e) => (e.data as { id?: string }).id === about);
    if (event) {
      log(`Triggered ${type}: ${event.id}`);
      return event.id;
    }
    if (Date.now() - started > waitMs) throw new Error(`no ${type} event was recorded for ${about} within ${waitMs / 1000} s`);
  }
}
