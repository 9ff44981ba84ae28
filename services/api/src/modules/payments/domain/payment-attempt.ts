import type { Metadata } from '../../../shared/domain/metadata';
import { newId } from '../../../shared/domain/ids';
import type { LineItem } from '../../../shared/domain/line-item';
import type { Currency } from '../../../shared/domain/money';
import type { Scope } from '../../../shared/domain/scope';
import type { Bill } from '../../../shared/domain/bill';
import type { DocumentLine } from '../../../shared/domain/document-line';
import type { MoneyIntent } from '../../../shared/domain/money-intent';
import type { ShownCard } from './card';

export type AttemptStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'abandoned';

export type PaymentSource =
  /** `save`: a subscription's new card, saved by the attempt before it is charged, so renewals can charge it. */
  | { type: 'card'; token: string; save?: true }
  | { type: 'saved_card'; paymentMethod: string; processorRef: string }
  | { type: 'wallet'; wallet: 'apple_pay' | 'google_pay' | 'bit'; token: string }
  /**
   * The processor's own card fields on the page make the payment (`HostedFields`), which is read back
   * from the processor by what the page reports or by the attempt's key. `save`: a subscription's new
   * card, saved from the payment once it is read back.
   */
  | { type: 'hosted_fields'; save?: true }
  /**
   * Bit on the processor's own page, shown in a frame: the shopper pays in the Bit app, and the payment is
   * read back by the attempt's key, as the fields' are. `url`: the page, once the processor has made it
   * (a repeated confirm shows the same page, never a second one).
   */
  | { type: 'bit_page'; url?: string };

/** The sources whose payment the processor's own page or fields make, read back from the processor. */
export type ProcessorMadeSource = Extract<PaymentSource, { type: 'hosted_fields' | 'bit_page' }>;

export function madeByProcessor(source: PaymentSource): source is ProcessorMadeSource {
  return source.type === 'hosted_fields' || source.type === 'bit_page';
}

/** What the page said the processor's fields or page did: believed only once read back from the processor. */
export interface HostedReport {
  /** The processor's transaction, or null: the fields made none (refused before charging). */
  transactionId: string | null;
  shown: ShownCard | null;
}

/** The failure code of an attempt whose late payment was refunded (`refundedLate`). */
export const LATE_PAYMENT_REFUNDED = 'late_payment_refunded';

/** 2: cart lines in the session's shape (camelCase); 3: `paidWith`. */
export const ATTEMPT_REQUEST_VERSION = 3;

/** What the shopper chose to pay with, as the page named it: its card or wallet token, the saved card's id, or the processor's fields. */
export function paidWithOf(
  source:
    { type: 'saved_card'; paymentMethod: string } | { type: 'card' | 'wallet'; token: string } | { type: 'hosted_fields' | 'bit_page' },
): string {
  return source.type === 'saved_card' ? source.paymentMethod : 'token' in source ? source.token : source.type;
}

/**
 * Everything needed to repeat an attempt's processor call and record its charge after a crash: no card
 * data, only a token or a reference. Stored with its version; a row of another version is refused.
 */
export interface AttemptRequest {
  version: typeof ATTEMPT_REQUEST_VERSION;
  scope: Scope;
  sessionId: string;
  customerId: string;
  amount: number;
  currency: Currency;
  captureMethod: 'automatic' | 'manual';
  createDocument: boolean;
  /** The cart lines the charge carries (cart and mixed sessions). */
  lineItems: LineItem[] | null;
  documentLines: DocumentLine[];
  installments: number | null;
  /** The session's metadata, for the charge; absent from attempts recorded before charges had it. */
  metadata?: Metadata;
  source: PaymentSource;
  /**
   * `paidWithOf` the source the shopper chose (the source itself may later hold a processor's own token,
   * or the card it saved): a confirm joins the attempt only with the same.
   */
  paidWith: string;
  /** The subscription this payment starts, decided before the payment (recurring and mixed sessions). */
  subscription: { id: string; period: number | null } | null;
  /** The shopper's answer to a 3-D Secure challenge, once given. */
  challengeResult: 'authenticated' | 'failed' | null;
}

/** A payment to start: what it charges is its bill, whose total the processor is asked for and whose lines its document prints. */
export type NewAttemptRequest = Omit<AttemptRequest, 'version' | 'challengeResult' | 'paidWith' | 'amount' | 'documentLines'> & {
  bill: Bill;
};

/** What the attempt came to, once settled. */
export type AttemptOutcome =
  { status: 'succeeded'; chargeId: string } | { status: 'requires_action'; challengeId: string } | { status: 'failed'; code: string };

/**
 * One try at paying a checkout session, recorded (and committed) before the processor is called. Its
 * idempotency key is what the processor sees, so a retry after a crash reaches the same payment.
 */
export class PaymentAttempt implements MoneyIntent {
  id!: string;
  kind!: 'checkout_payment';
  accountId!: string;
  livemode!: boolean;
  checkoutSessionId!: string;
  idempotencyKey!: string;
  status!: AttemptStatus;
  /** The stored request, read back through `replay()`. */
  request!: unknown;
  amount!: number;
  challengeId!: string | null;
  chargeId!: string | null;
  failureCode!: string | null;
  createdAt!: Date;
  updatedAt!: Date;

  static start(request: NewAttemptRequest, now: Date): PaymentAttempt {
    const attempt = new PaymentAttempt();
    attempt.id = newId('att');
    attempt.kind = 'checkout_payment';
    attempt.accountId = request.scope.accountId;
    attempt.livemode = request.scope.livemode;
    attempt.checkoutSessionId = request.sessionId;
    attempt.idempotencyKey = `pay_${attempt.id}`;
    attempt.status = 'pending';
    const { bill, ...rest } = request;
    attempt.request = {
      ...rest,
      amount: bill.total,
      documentLines: [...bill.lines],
      version: ATTEMPT_REQUEST_VERSION,
      paidWith: paidWithOf(request.source),
      challengeResult: null,
    } satisfies AttemptRequest;
    attempt.amount = bill.total;
    attempt.challengeId = null;
    attempt.chargeId = null;
    attempt.failureCode = null;
    attempt.createdAt = now;
    attempt.updatedAt = now;
    return attempt;
  }

  /** The request to repeat, checked: a stored shape this code does not know is refused, never guessed. */
  replay(): AttemptRequest {
    return readAttemptRequest(this.id, this.request);
  }

  /** The card or wallet token the processor charges, when it is not the one the page sent (a live processor's own). */
  paysWith(processorToken: string): void {
    const request = this.replay();
    if (request.source.type === 'saved_card' || madeByProcessor(request.source) || request.source.token === processorToken) return;
    this.request = { ...request, source: { ...request.source, token: processorToken } } satisfies AttemptRequest;
  }

  /** Whether the shopper chose the same to pay with (`paidWithOf`) as this attempt's. */
  paysWithSame(paidWith: string): boolean {
    return this.replay().paidWith === paidWith;
  }

  /** The new card the attempt saved, which it charges from now on (a repeat charges it by its reference). */
  savedCard(paymentMethod: string, processorRef: string): void {
    const request = this.replay();
    if ((request.source.type !== 'card' && request.source.type !== 'hosted_fields') || !request.source.save)
      throw new Error(`payment attempt ${this.id} saves no card`);
    this.request = { ...request, source: { type: 'saved_card', paymentMethod, processorRef } } satisfies AttemptRequest;
  }

  /** Whether the processor's own fields or page make this payment, and its outcome is not recorded yet. */
  awaitsProcessor(): boolean {
    return this.status === 'pending' && madeByProcessor(this.replay().source);
  }

  /** The Bit page the processor made for this attempt, kept so that a repeated confirm shows it again. */
  showsBitPage(url: string): void {
    const request = this.replay();
    if (request.source.type !== 'bit_page') throw new Error(`payment attempt ${this.id} is not paid on a Bit page`);
    this.request = { ...request, source: { type: 'bit_page', url } } satisfies AttemptRequest;
  }

  /**
   * A Bit payment approved after its attempt had ended unpaid (the shopper approved in the app after
   * leaving the page, and paid another way or not at all): it was refunded in full, and the attempt says so.
   */
  refundedLate(now: Date): void {
    if (this.status !== 'failed' || this.chargeId !== null) throw new Error(`payment attempt ${this.id} did not end unpaid`);
    this.failureCode = LATE_PAYMENT_REFUNDED;
    this.updatedAt = now;
  }

  /** Whether it ended without a charge, and a late payment of it could still come (a Bit page's). */
  endedUnpaid(): boolean {
    return this.status === 'failed' && this.chargeId === null && this.failureCode !== LATE_PAYMENT_REFUNDED;
  }

  /** The outcome once settled; null while it is in flight (pending). */
  outcome(): AttemptOutcome | null {
    if (this.status === 'succeeded') return { status: 'succeeded', chargeId: this.chargeId! };
    if (this.status === 'failed') return { status: 'failed', code: this.failureCode! };
    if (this.status === 'requires_action') return { status: 'requires_action', challengeId: this.challengeId! };
    return null;
  }

  /** In flight for longer than `staleMs`: the request running it is taken to have died. */
  isStale(now: Date, staleMs: number): boolean {
    return this.status === 'pending' && now.getTime() - this.updatedAt.getTime() >= staleMs;
  }

  succeeded(chargeId: string, now: Date): void {
    this.assertPending('succeed');
    this.status = 'succeeded';
    this.chargeId = chargeId;
    this.updatedAt = now;
  }

  failed(code: string, chargeId: string | null, now: Date): void {
    this.assertPending('fail');
    this.status = 'failed';
    this.failureCode = code;
    this.chargeId = chargeId;
    this.updatedAt = now;
  }

  challenged(challengeId: string, now: Date): void {
    this.assertPending('be challenged');
    this.status = 'requires_action';
    this.challengeId = challengeId;
    this.updatedAt = now;
  }

  /** Whether `challengeId` is this attempt's open challenge. */
  awaitsChallenge(challengeId: string): boolean {
    return this.status === 'requires_action' && this.challengeId === challengeId;
  }

  /** Back to pending with the shopper's answer, which goes to the processor next. */
  answerChallenge(challengeId: string, result: 'authenticated' | 'failed', now: Date): void {
    if (!this.awaitsChallenge(challengeId)) throw new Error(`payment attempt ${this.id} has no open challenge ${challengeId}`);
    this.request = { ...this.replay(), challengeResult: result } satisfies AttemptRequest;
    this.status = 'pending';
    this.updatedAt = now;
  }

  /** The shopper left the challenge and pays again with a new attempt. */
  abandon(now: Date): void {
    if (this.status !== 'requires_action')
      throw new Error(`payment attempt ${this.id} is ${this.status}; only a challenged one is abandoned`);
    this.status = 'abandoned';
    this.updatedAt = now;
  }

  /** The key of the processor call that finishes the 3-D Secure challenge. */
  challengeKey(): string {
    return `${this.idempotencyKey}_3ds`;
  }

  private assertPending(transition: string): void {
    if (this.status !== 'pending') throw new Error(`payment attempt ${this.id} is ${this.status} and cannot ${transition}`);
  }
}

function readAttemptRequest(attemptId: string, stored: unknown): AttemptRequest {
  let request = (stored ?? {}) as Partial<AttemptRequest>;
  // Version 2 is version 3 without `paidWith`: what its source names (a live processor's token may stand
  // in for the page's, so such an attempt in flight may refuse a joining confirm; it never pays twice).
  if ((request.version as number) === 2 && request.source)
    request = { ...request, version: ATTEMPT_REQUEST_VERSION, paidWith: paidWithOf(request.source) };
  if (request.version !== ATTEMPT_REQUEST_VERSION) {
    throw new Error(
      `payment attempt ${attemptId}: stored request version ${String(request.version)} is not ${ATTEMPT_REQUEST_VERSION}; refusing to replay it`,
    );
  }
  const valid =
    typeof request.scope?.accountId === 'string' &&
    typeof request.scope.livemode === 'boolean' &&
    typeof request.sessionId === 'string' &&
    typeof request.customerId === 'string' &&
    Number.isSafeInteger(request.amount) &&
    request.currency === 'ils' &&
    (request.captureMethod === 'automatic' || request.captureMethod === 'manual') &&
    typeof request.createDocument === 'boolean' &&
    Array.isArray(request.documentLines) &&
    (request.lineItems === null || Array.isArray(request.lineItems)) &&
    (request.installments === null || Number.isSafeInteger(request.installments)) &&
    ['card', 'saved_card', 'wallet', 'hosted_fields', 'bit_page'].includes(request.source?.type ?? '') &&
    typeof request.paidWith === 'string' &&
    (request.subscription === null || typeof request.subscription?.id === 'string') &&
    (request.challengeResult === null || request.challengeResult === 'authenticated' || request.challengeResult === 'failed');
  if (!valid)
    throw new Error(
      `payment attempt ${attemptId}: stored request does not have the version ${ATTEMPT_REQUEST_VERSION} shape; refusing to replay it`,
    );
  return request as AttemptRequest;
}
