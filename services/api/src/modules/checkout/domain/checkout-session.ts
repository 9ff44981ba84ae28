import { type Metadata, mergeMetadata } from '../../../shared/domain/metadata';
import { DomainError, NotFoundError, ValidationError } from '../../../shared/domain/domain-error';
import type { LineItem } from '../../../shared/domain/line-item';
import { type BillingInterval, type CheckoutPlanChange, type Plan, planOf } from '../../../shared/domain/plan';
import { normalizeCode } from '../../../shared/domain/coupon-code';
import { randomBase62 } from '../../../shared/domain/ids';
import type { Currency } from '../../../shared/domain/money';
import type { Scope } from '../../../shared/domain/scope';
import { Bill } from '../../../shared/domain/bill';
import { documentLines as line } from '../../../shared/domain/document-line';
import { type AskedPaymentOptions, type CaptureMethod, type PaymentContext, PaymentOptions } from './payment-options';

export type { CaptureMethod };

/** `plan_change`: a subscription moves to another price, paid now on the page. */
export type SessionKind = 'one_time' | 'cart' | 'subscription' | 'mixed' | 'plan_change';
export type SessionStatus = 'pending' | 'completed' | 'expired';
export type Locale = 'auto' | 'he' | 'en';

export const SESSION_LIFETIME_MS = 30 * 60 * 1000;
const FAILED_CODE_LIMIT = 10;
const FAILED_CODE_WINDOW_MS = 15 * 60 * 1000;

export interface OpenSessionInput extends AskedPaymentOptions, Omit<PaymentContext, 'recurring' | 'total'> {
  customerId: string;
  /** The price named by `price`, resolved. */
  price: {
    id: string;
    product: string;
    productName: string;
    unitAmount: number;
    currency: string;
    type: 'one_time' | 'recurring';
    interval: BillingInterval | null;
    trialPeriodDays: number | null;
  } | null;
  lineItems: LineItem[] | null;
  /** The change of a subscription to `price` the session sells, quoted when it opens. */
  planChange?: CheckoutPlanChange;
  successUrl: string;
  cancelUrl: string;
  createDocument: boolean;
  backgroundColor: string | undefined;
  locale: Locale;
  metadata?: Metadata;
  couponCodes: string[];
}

/** What the discounts make of a session: each rule that takes something off, by name, and the part of it taken off the plan. */
export interface SessionPrice {
  linked: { rule: { name: string }; amount: number; planAmount: number }[];
}

/** `co_<suffix>`; a charge shows the same session as `cs_<suffix>`, and both are accepted. */
export function sessionIdFromPath(id: string): string {
  return id.startsWith('cs_') ? `co_${id.slice(3)}` : id;
}

function absoluteHttpUrl(value: string, param: string): string {
  try {
    const url = new URL(value.replace('{CHECKOUT_SESSION_ID}', 'x'));
    if (url.protocol === 'http:' || url.protocol === 'https:') return value;
  } catch {
    // fall through
  }
  throw new ValidationError('parameter_invalid', `Invalid ${param}: it must be an absolute http(s) URL`, param);
}

/**
 * A payable page for one customer. The branch is chosen by what was sent: a price alone (a one-time
 * product or a subscription start), line items alone (a cart), or a recurring price with line items
 * (mixed). The rules that need no database live here.
 */
export class CheckoutSession {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  customerId!: string;
  kind!: SessionKind;
  priceId!: string | null;
  /** The recurring price of a subscription or mixed session, frozen at creation. */
  plan!: Plan | null;
  planChange!: CheckoutPlanChange | null;
  lineItems!: LineItem[];
  currency!: Currency;
  appliedCodes!: string[];
  successUrl!: string;
  cancelUrl!: string;
  createDocument!: boolean;
  captureMethod!: CaptureMethod;
  paymentMethods!: string[];
  backgroundColor!: string;
  autoOpenWallets!: boolean;
  locale!: Locale;
  installmentsMax!: number | null;
  metadata!: Metadata;
  status!: SessionStatus;
  expiresAt!: Date;
  completedAt!: Date | null;
  chargeId!: string | null;
  subscriptionId!: string | null;
  failedCodeAttempts!: number;
  failedCodeWindowStart!: Date | null;
  createdAt!: Date;

  static open(scope: Scope, input: OpenSessionInput, now: Date): CheckoutSession {
    const successUrl = absoluteHttpUrl(input.successUrl, 'success_url');
    const cancelUrl = absoluteHttpUrl(input.cancelUrl, 'cancel_url');
    const { price, lineItems } = input;
    if (!price && !lineItems)
      throw new ValidationError('price_or_line_items_required', 'Send a price, line_items, or a recurring price with line_items', 'price');
    if (price?.type === 'one_time' && lineItems) {
      throw new ValidationError(
        'one_time_price_with_line_items',
        'A one-time price cannot be combined with line_items; send the price as a line item instead',
        'line_items',
      );
    }
    if (input.planChange) refuseWithPlanChange(input);
    const kind: SessionKind = input.planChange
      ? 'plan_change'
      : price
        ? price.type === 'one_time'
          ? 'one_time'
          : lineItems
            ? 'mixed'
            : 'subscription'
        : 'cart';
    const recurring = kind === 'subscription' || kind === 'mixed';

    if (lineItems && lineItems.reduce((sum, line) => sum + line.amountAgorot * line.quantity, 0) < 0) {
      throw new ValidationError(
        'cart_total_negative',
        'The sum of amount_agorot × quantity over line_items must be zero or more',
        'line_items',
      );
    }
    const options = PaymentOptions.decide(input, {
      recurring,
      total:
        price?.type === 'one_time' ? price.unitAmount : (lineItems ?? []).reduce((sum, line) => sum + line.amountAgorot * line.quantity, 0),
      walletsEnabled: input.walletsEnabled,
      processor: input.processor,
    });

    const session = new CheckoutSession();
    session.id = `co_${randomBase62(24)}`;
    session.accountId = scope.accountId;
    session.livemode = scope.livemode;
    session.customerId = input.customerId;
    session.kind = kind;
    session.priceId = price?.id ?? null;
    session.plan = recurring && price ? planOf(price) : null;
    session.planChange = input.planChange ?? null;
    session.lineItems =
      kind === 'one_time'
        ? [
            {
              name: price!.productName,
              amountAgorot: price!.unitAmount,
              quantity: 1,
              description: null,
              imageUrl: null,
              price: price!.id,
              product: price!.product,
            },
          ]
        : (lineItems ?? []);
    session.currency = 'ils';
    session.appliedCodes = [...new Set(input.couponCodes.map(normalizeCode))];
    session.successUrl = successUrl;
    session.cancelUrl = cancelUrl;
    session.createDocument = input.createDocument;
    session.captureMethod = options.captureMethod;
    session.paymentMethods = options.paymentMethods;
    session.backgroundColor = input.backgroundColor ?? '#ffffff';
    session.autoOpenWallets = options.autoOpenWallets;
    session.locale = input.locale;
    session.installmentsMax = options.installmentsMax;
    session.metadata = mergeMetadata({}, input.metadata);
    session.status = 'pending';
    session.expiresAt = new Date(now.getTime() + SESSION_LIFETIME_MS);
    session.completedAt = null;
    session.chargeId = null;
    session.subscriptionId = input.planChange?.subscriptionId ?? null;
    session.failedCodeAttempts = 0;
    session.failedCodeWindowStart = null;
    session.createdAt = now;
    return session;
  }

  /** Embedded checkout is for immediate-charge sessions: a one-time price or a cart. */
  embeddable(): boolean {
    return this.kind === 'one_time' || this.kind === 'cart';
  }

  isRecurring(): boolean {
    return this.kind === 'subscription' || this.kind === 'mixed';
  }

  inTrial(): boolean {
    return this.plan !== null && this.plan.trialPeriodDays !== null;
  }

  /**
   * What the shopper pays now, line by line as its tax document lists them: the cart's lines, the plan
   * unless in a trial, and the discounts taken off them (during a trial, less what they take off the
   * plan); a plan change, the lines it quoted.
   */
  bill(price: SessionPrice): Bill {
    if (this.planChange) return Bill.of(this.planChange.lines);
    const items = this.lineItems.map((item) => line.item(item.name, item.quantity, item.amountAgorot));
    const plan = this.plan && !this.inTrial() ? [line.item(this.plan.name, 1, this.plan.unitAmount)] : [];
    const discounts = price.linked
      .map(({ rule, amount, planAmount }) => ({ name: rule.name, amount: amount - (this.inTrial() ? planAmount : 0) }))
      .filter((discount) => discount.amount > 0)
      .map((discount) => line.discount(discount.name, discount.amount));
    return Bill.of([...items, ...plan, ...discounts]);
  }

  /** The number of installments a payment asks for, if this session offers that many. */
  installmentsFor(requested: number | undefined): number | null {
    if (requested === undefined) return null;
    if (this.installmentsMax === null || requested > this.installmentsMax) {
      throw new ValidationError(
        'installments_not_allowed',
        `This checkout offers ${this.installmentsMax ? `up to ${this.installmentsMax}` : 'no'} installments`,
        'installments',
      );
    }
    return requested;
  }

  /** Still pending, though its time is up: the expiry has yet to be recorded. */
  isDue(now: Date): boolean {
    return this.status === 'pending' && this.expiresAt <= now;
  }

  assertPending(now: Date): void {
    if (this.status !== 'pending' || this.expiresAt <= now) throw new SessionNotPending(this.id);
  }

  expire(now: Date): boolean {
    if (!this.isDue(now)) return false;
    this.status = 'expired';
    return true;
  }

  /**
   * Paid (or, with nothing due now, confirmed). A payment that started while the session was pending
   * completes it even if its time ran out meanwhile: the money was taken.
   */
  complete(paid: { chargeId: string | null; subscriptionId: string | null }, now: Date): void {
    if (this.status === 'completed') throw new SessionNotPending(this.id);
    if ((this.plan !== null || this.planChange !== null) !== (paid.subscriptionId !== null))
      throw new Error(`session ${this.id}: a subscription starts or changes exactly when the session has a plan or a plan change`);
    this.status = 'completed';
    this.chargeId = paid.chargeId;
    this.subscriptionId = paid.subscriptionId;
    this.completedAt = now;
  }

  /** Where the shopper goes after paying; `{CHECKOUT_SESSION_ID}` becomes the session id. */
  redirectUrl(): string {
    return this.successUrl.split('{CHECKOUT_SESSION_ID}').join(this.id);
  }

  /** The language for messages to the shopper; `auto` falls back to Hebrew. */
  language(): 'he' | 'en' {
    return this.locale === 'en' ? 'en' : 'he';
  }
}

/** A plan change is paid now with a card, in full: nothing that makes it a cart, a hold or an embedded payment. */
function refuseWithPlanChange(input: OpenSessionInput): void {
  const refused: [boolean, string][] = [
    [input.lineItems !== null, 'line_items'],
    [input.captureMethod === 'manual', 'capture_method'],
    [input.paymentMethods !== undefined, 'payment_methods'],
    [input.autoOpenWallets, 'auto_open_wallets'],
    [input.installmentsMax !== null, 'installments'],
    [input.couponCodes.length > 0, 'coupon_codes'],
  ];
  const param = refused.find(([asked]) => asked)?.[1];
  if (param) throw new ValidationError('parameter_invalid', `Invalid ${param}: a plan change through checkout does not take it`, param);
}

export class SessionNotPending extends DomainError {
  constructor(id: string) {
    super('session_not_pending', `Checkout session '${id}' is no longer pending`);
  }
}

export class CheckoutSessionNotFound extends NotFoundError {
  constructor(id: string) {
    super('checkout session', id);
  }
}

export const FAILED_CODES = { limit: FAILED_CODE_LIMIT, windowMs: FAILED_CODE_WINDOW_MS };
