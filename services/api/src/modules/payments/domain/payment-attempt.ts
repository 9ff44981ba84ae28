import { newId } from '../../../shared/domain/ids';
import type { LineItem } from '../../../shared/domain/line-item';
import type { Currency } from '../../../shared/domain/money';
import type { Scope } from '../../../shared/domain/scope';
import type { DocumentLine } from '../../../shared/domain/document-line';

export type AttemptStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'abandoned';

export type PaymentSource =
  | { type: 'card'; token: string }
  | { type: 'saved_card'; paymentMethod: string; processorRef: string }
  | { type: 'wallet'; wallet: 'apple_pay' | 'google_pay' | 'bit'; token: string };

/** 2: cart lines in the session's shape (camelCase). */
export const ATTEMPT_REQUEST_VERSION = 2;

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
  source: PaymentSource;
  /** The subscription this payment starts, decided before the payment (recurring and mixed sessions). */
  subscription: { id: string; period: number | null } | null;
  /** The shopper's answer to a 3-D Secure challenge, once given. */
  challengeResult: 'authenticated' | 'failed' | null;
}

export type NewAttemptRequest = Omit<AttemptRequest, 'version' | 'challengeResult'>;

/** What the attempt came to, once settled. */
export type AttemptOutcome =
  { status: 'succeeded'; chargeId: string } | { status: 'requires_action'; challengeId: string } | { status: 'failed'; code: string };

/**
 * One try at paying a checkout session, recorded (and committed) before the processor is called. Its
 * idempotency key is what the processor sees, so a retry after a crash reaches the same payment.
 */
export class PaymentAttempt {
  id!: string;
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
    attempt.checkoutSessionId = request.sessionId;
    attempt.idempotencyKey = `pay_${attempt.id}`;
    attempt.status = 'pending';
    attempt.request = { ...request, version: ATTEMPT_REQUEST_VERSION, challengeResult: null } satisfies AttemptRequest;
    attempt.amount = request.amount;
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
    if (request.source.type === 'saved_card' || request.source.token === processorToken) return;
    this.request = { ...request, source: { ...request.source, token: processorToken } } satisfies AttemptRequest;
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
  const request = (stored ?? {}) as Partial<AttemptRequest>;
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
    ['card', 'saved_card', 'wallet'].includes(request.source?.type ?? '') &&
    (request.subscription === null || typeof request.subscription?.id === 'string') &&
    (request.challengeResult === null || request.challengeResult === 'authenticated' || request.challengeResult === 'failed');
  if (!valid)
    throw new Error(
      `payment attempt ${attemptId}: stored request does not have the version ${ATTEMPT_REQUEST_VERSION} shape; refusing to replay it`,
    );
  return request as AttemptRequest;
}
