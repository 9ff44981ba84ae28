import { newId } from '../../../shared/domain/ids';

export type AttemptStatus = 'pending' | 'requires_action' | 'succeeded' | 'failed' | 'abandoned';

export type PaymentSource =
  | { type: 'card'; token: string }
  | { type: 'saved_card'; paymentMethod: string; processorRef: string }
  | { type: 'wallet'; wallet: 'apple_pay' | 'google_pay' | 'bit'; token: string };

/**
 * One try at paying a checkout session, recorded (and committed) before the processor is called. Its
 * idempotency key is what the processor sees, so a retry after a crash reaches the same payment.
 */
export class PaymentAttempt {
  id!: string;
  checkoutSessionId!: string;
  idempotencyKey!: string;
  status!: AttemptStatus;
  /** What the processor call needs to be repeated after a crash (no card data: a token or a reference). */
  request!: { source: PaymentSource; installments: number | null } & Record<string, unknown>;
  amount!: number;
  challengeId!: string | null;
  chargeId!: string | null;
  failureCode!: string | null;
  createdAt!: Date;
  updatedAt!: Date;

  static start(sessionId: string, amount: number, source: PaymentSource, installments: number | null, now: Date): PaymentAttempt {
    const attempt = new PaymentAttempt();
    attempt.id = newId('att');
    attempt.checkoutSessionId = sessionId;
    attempt.idempotencyKey = `pay_${attempt.id}`;
    attempt.status = 'pending';
    attempt.request = { source, installments };
    attempt.amount = amount;
    attempt.challengeId = null;
    attempt.chargeId = null;
    attempt.failureCode = null;
    attempt.createdAt = now;
    attempt.updatedAt = now;
    return attempt;
  }

  isSettled(): boolean {
    return this.status !== 'pending';
  }

  succeeded(chargeId: string, now: Date): void {
    this.status = 'succeeded';
    this.chargeId = chargeId;
    this.updatedAt = now;
  }

  failed(code: string, chargeId: string | null, now: Date): void {
    this.status = 'failed';
    this.failureCode = code;
    this.chargeId = chargeId;
    this.updatedAt = now;
  }

  challenged(challengeId: string, now: Date): void {
    this.status = 'requires_action';
    this.challengeId = challengeId;
    this.updatedAt = now;
  }

  /** Back to pending while the challenge's answer goes to the processor. */
  resume(now: Date): void {
    this.status = 'pending';
    this.updatedAt = now;
  }

  abandon(now: Date): void {
    this.status = 'abandoned';
    this.updatedAt = now;
  }

  /** The key of the processor call that finishes the 3-D Secure challenge. */
  challengeKey(): string {
    return `${this.idempotencyKey}_3ds`;
  }
}
