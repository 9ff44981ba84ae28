import type { Metadata } from '../../../shared/domain/metadata';
import { DomainError, NotFoundError, ValidationError } from '../../../shared/domain/domain-error';
import type { LineItem } from '../../../shared/domain/line-item';
import { newId } from '../../../shared/domain/ids';
import { type Currency, formatShekels } from '../../../shared/domain/money';
import type { DocumentLine } from '../../../shared/domain/document-line';
import type { Scope } from '../../../shared/domain/scope';
import type { CardDetails } from './card';
import { ChargeOperation } from './charge-operation';

export type ChargeStatus = 'succeeded' | 'failed' | 'requires_capture' | 'canceled';
export type RefundReason = 'requested_by_customer' | 'duplicate' | 'fraudulent';
export type CancellationReason = 'requested_by_customer' | 'duplicate' | 'fraudulent' | 'abandoned' | 'expired';

/** Shown when the processor names no card (a decline before it read one). */
export type ShownCard = Omit<CardDetails, 'fingerprint'>;

/** What a charge shows of a card: everything but its fingerprint. */
export function shownCard({ fingerprint: _, ...card }: CardDetails): ShownCard {
  return card;
}

export const UNKNOWN_CARD: ShownCard = { brand: 'unknown', last4: '0000', expMonth: 1, expYear: 2000 };

/**
 * The last four digits a receipt or an email may print of what paid: none when no card is known (Bit on
 * the processor's page shows none, and the processor's fields may show none), never `UNKNOWN_CARD`'s.
 */
export function printedLast4(card: ShownCard): string | null {
  return card.brand === 'unknown' && card.last4 === UNKNOWN_CARD.last4 && card.expYear === UNKNOWN_CARD.expYear ? null : card.last4;
}

export interface PaymentMethodDetails {
  type: 'card' | 'wallet';
  wallet: 'apple_pay' | 'google_pay' | 'bit' | null;
  card: ShownCard;
  /** The issuer's 3-D Secure check of this payment, when one ran (charges made before it was kept have none). */
  threeDSecure?: ThreeDSecure | null;
}

/** A 3-D Secure check's outcome and its protocol version. */
export interface ThreeDSecure {
  result: 'authenticated' | 'failed';
  version: string;
}

export interface NewCharge {
  customerId: string;
  amount: number;
  currency: Currency;
  captureMethod: 'automatic' | 'manual';
  checkoutSessionId: string | null;
  lineItems: LineItem[] | null;
  subscriptionId: string | null;
  subscriptionPeriod?: number | null;
  paymentMethod: PaymentMethodDetails;
  installments: number | null;
  /** The paying session's or subscription's metadata. */
  metadata: Metadata;
  createDocument: boolean;
  documentLines: DocumentLine[];
  /** A declined subscription charge: when it is tried again (null: it is not). */
  nextRetryAt?: Date | null;
}

/** A soft decline may pass later on the same card (insufficient funds); a hard one will not (stolen, closed). */
export type DeclineKind = 'soft' | 'hard';

/**
 * Money taken, held or refused. Automatic charges are born `succeeded` or `failed`; manual ones
 * (J5 holds) `requires_capture`, then captured (fully or in part) or canceled, by the merchant or by
 * expiry at the end of the processor's hold window.
 */
export class Charge {
  id!: string;
  accountId!: string;
  livemode!: boolean;
  customerId!: string;
  amount!: number;
  amountCaptured!: number | null;
  amountRefunded!: number;
  currency!: Currency;
  status!: ChargeStatus;
  captureMethod!: 'automatic' | 'manual';
  authorizedAt!: Date | null;
  capturableUntil!: Date | null;
  capturedAt!: Date | null;
  canceledAt!: Date | null;
  cancellationReason!: CancellationReason | null;
  checkoutSessionId!: string | null;
  lineItems!: LineItem[] | null;
  subscriptionId!: string | null;
  /** The subscription period this charge pays (one paid charge per period). */
  subscriptionPeriod!: number | null;
  paymentMethodDetails!: PaymentMethodDetails;
  installments!: number | null;
  metadata!: Metadata;
  documentId!: string | null;
  failureCode!: string | null;
  failureMessage!: string | null;
  failureKind!: DeclineKind | null;
  /** A declined subscription charge's next try, as decided when it was declined. */
  nextRetryAt!: Date | null;
  processorRef!: string | null;
  createDocument!: boolean;
  /** What the tax document lists; for a hold it is issued at capture. */
  documentLines!: DocumentLine[];
  createdAt!: Date;

  private static base(scope: Scope, input: NewCharge, now: Date): Charge {
    const charge = new Charge();
    charge.id = newId('ch');
    charge.accountId = scope.accountId;
    charge.livemode = scope.livemode;
    charge.customerId = input.customerId;
    charge.amount = input.amount;
    charge.amountCaptured = null;
    charge.amountRefunded = 0;
    charge.currency = input.currency;
    charge.captureMethod = input.captureMethod;
    charge.authorizedAt = null;
    charge.capturableUntil = null;
    charge.capturedAt = null;
    charge.canceledAt = null;
    charge.cancellationReason = null;
    charge.checkoutSessionId = input.checkoutSessionId;
    charge.lineItems = input.lineItems;
    charge.subscriptionId = input.subscriptionId;
    charge.subscriptionPeriod = input.subscriptionPeriod ?? null;
    charge.paymentMethodDetails = input.paymentMethod;
    charge.installments = input.installments;
    charge.metadata = input.metadata;
    charge.documentId = null;
    charge.failureCode = null;
    charge.failureMessage = null;
    charge.failureKind = null;
    charge.nextRetryAt = null;
    charge.processorRef = null;
    charge.createDocument = input.createDocument;
    charge.documentLines = input.documentLines;
    charge.createdAt = now;
    return charge;
  }

  /** The processor said yes: captured now (automatic) or held (manual) for the processor's hold window. */
  static authorized(scope: Scope, input: NewCharge, processorRef: string, now: Date, holdWindowMs: number | null): Charge {
    const charge = Charge.base(scope, input, now);
    charge.processorRef = processorRef;
    if (input.captureMethod === 'automatic') {
      charge.status = 'succeeded';
      charge.amountCaptured = input.amount;
      charge.capturedAt = now;
    } else {
      charge.status = 'requires_capture';
      charge.authorizedAt = now;
      if (holdWindowMs === null) throw new Error(`a hold needs its processor's window (charge ${charge.id})`);
      charge.capturableUntil = new Date(now.getTime() + holdWindowMs);
    }
    return charge;
  }

  static declined(scope: Scope, input: NewCharge, failure: { code: string; message: string; kind: DeclineKind }, now: Date): Charge {
    const charge = Charge.base(scope, input, now);
    charge.status = 'failed';
    charge.failureCode = failure.code;
    charge.failureMessage = failure.message;
    charge.failureKind = failure.kind;
    charge.nextRetryAt = input.nextRetryAt ?? null;
    return charge;
  }

  /**
   * A capture of `amount` (all of it when omitted) within the hold's window: the operation to commit
   * before the processor call; `finish` applies it after. The rest of a partial capture is released.
   */
  startCapture(amount: number | undefined, now: Date, operationId?: string): ChargeOperation {
    if (this.status !== 'requires_capture') throw new ChargeNotCapturable(this.id);
    if (this.holdExpired(now)) throw new ChargeExpired(this.id, this.capturableUntil!);
    const value = amount ?? this.amount;
    if (value > this.amount) throw new ValidationError('amount_too_large', `Cannot capture ${value}: the hold is ${this.amount}`, 'amount');
    return ChargeOperation.start(this, 'capture', value, null, now, operationId);
  }

  /** Releases the hold (by the merchant, or as `expired` by the sweep); applied by `finish`. */
  startCancel(reason: CancellationReason, now: Date, operationId?: string): ChargeOperation {
    if (this.status !== 'requires_capture') throw new ChargeNotCapturable(this.id);
    return ChargeOperation.start(this, 'cancel', null, reason, now, operationId);
  }

  /**
   * Returns captured money, never more than captured minus refunded: the amount is reserved now, under
   * the charge's row lock, so concurrent refunds cannot exceed it.
   */
  /** `limit`: the most the caller may refund at once (a dashboard `support` user's), if any. */
  startRefund(amount: number | undefined, reason: RefundReason | null, now: Date, operationId?: string, limit?: number): ChargeOperation {
    const refundable = this.refundable();
    if (refundable === 0) throw new DomainError('charge_not_refundable', `Charge '${this.id}' has nothing left to refund`);
    const value = amount ?? refundable;
    if (value > refundable) throw new ValidationError('amount_too_large', `Cannot refund ${value}: ${refundable} is left`, 'amount');
    if (limit !== undefined && value > limit)
      throw new DomainError(
        'refund_limit_exceeded',
        `Your role may refund at most ${formatShekels(limit)} at once; ask an owner or admin`,
        'amount',
      );
    this.amountRefunded += value;
    return ChargeOperation.start(this, 'refund', value, reason, now, operationId);
  }

  /**
   * The processor did what `operation` asked: the charge shows it. `capturedAs`: the processor's
   * reference of a capture, which refunds name from then on.
   */
  finish(operation: ChargeOperation, now: Date, capturedAs?: string): void {
    if (operation.chargeId !== this.id) throw new Error(`operation ${operation.id} is not charge ${this.id}'s`);
    if (operation.kind === 'capture') {
      if (this.status !== 'requires_capture') throw new ChargeNotCapturable(this.id);
      this.status = 'succeeded';
      this.amountCaptured = operation.amount;
      this.capturedAt = now;
      if (capturedAs) this.processorRef = capturedAs;
    } else if (operation.kind === 'cancel') {
      if (this.status !== 'requires_capture') throw new ChargeNotCapturable(this.id);
      this.status = 'canceled';
      this.cancellationReason = operation.reason as CancellationReason;
      this.canceledAt = now;
    }
    // A refund's amount was reserved when it started.
    operation.succeeded();
  }

  /**
   * The processor refused `operation` for good and moved no money: the charge stays as it was, and a
   * refund's reserved amount is free again. Another capture, cancellation or refund may follow.
   */
  refused(operation: ChargeOperation): void {
    if (operation.chargeId !== this.id) throw new Error(`operation ${operation.id} is not charge ${this.id}'s`);
    if (operation.kind === 'refund') this.amountRefunded -= operation.amount!;
    operation.failed();
  }

  /** The tax document issued for the money taken. */
  attachDocument(documentId: string): void {
    this.documentId = documentId;
  }

  holdExpired(now: Date): boolean {
    return this.status === 'requires_capture' && this.capturableUntil !== null && this.capturableUntil <= now;
  }

  refundable(): number {
    return this.status === 'succeeded' ? (this.amountCaptured ?? 0) - this.amountRefunded : 0;
  }

  /** The amount the card was not charged after a partial capture. */
  released(): number {
    return this.status === 'succeeded' && this.captureMethod === 'manual' ? this.amount - (this.amountCaptured ?? 0) : 0;
  }
}

export class ChargeNotCapturable extends DomainError {
  constructor(id: string) {
    super('charge_not_capturable', `Charge '${id}' has no open hold`);
  }
}

export class ChargeExpired extends DomainError {
  constructor(id: string, at: Date) {
    super('charge_expired', `The hold on charge '${id}' expired at ${at.toISOString()}`);
  }
}

export class ChargeNotFound extends NotFoundError {
  constructor(id: string) {
    super('charge', id);
  }
}
