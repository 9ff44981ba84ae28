import type { IntentKind } from '../../../../shared/domain/money-intent';
import type { Period } from '../../../../shared/domain/period';
import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { Charge, ChargeStatus } from '../../domain/charge';
import type { ChargeOperation } from '../../domain/charge-operation';
import type { PaymentAttempt } from '../../domain/payment-attempt';
import type { PaymentMethod } from '../../domain/payment-method';
import type { Refund } from '../../domain/refund';
import type { TokenRefusal, TokenUse } from '../../domain/card-token';
import type { ProcessorConnection } from '../../domain/processor-connection';

/** What a charge list narrows by: `createdTo` is exclusive. */
export interface ChargeFilter {
  customer?: string;
  status?: ChargeStatus;
  last4?: string;
  createdFrom?: Date;
  createdTo?: Date;
  amountMin?: number;
  amountMax?: number;
}

export interface ChargeRepository {
  /** A new charge, inserted with the transaction's other new charges as its last writes (nothing reads it back before). */
  addAtCommit(charge: Charge): void;
  /** Writes, in one statement, what changes after a charge is recorded: status, amounts captured and refunded, capture and cancellation, document. */
  saveMany(charges: Charge[]): Promise<void>;
  findById(scope: Scope, id: string): Promise<Charge | null>;
  findForUpdate(id: string): Promise<Charge | null>;
  /** Locks the charges in id order (so two batches never wait on each other in a circle). */
  findManyForUpdate(ids: string[]): Promise<Map<string, Charge>>;
  findByIdUnscoped(id: string): Promise<Charge | null>;
  findManyUnscoped(ids: string[]): Promise<Map<string, Charge>>;
  list(scope: Scope, filter: ChargeFilter, page: PageRequest): Promise<Page<Charge>>;
  countFailed(scope: Scope, period: Period): Promise<number>;
  /** Holds past their capture window, locked until the unit of work ends; those locked elsewhere are skipped. */
  lockExpiredHolds(now: Date, limit: number, customers?: string[]): Promise<Charge[]>;
}

export interface PaymentAttemptRepository {
  /** False when the session already has an attempt in flight or done (the partial unique index). */
  add(attempt: PaymentAttempt): Promise<boolean>;
  save(attempt: PaymentAttempt): Promise<void>;
  findLive(sessionId: string): Promise<PaymentAttempt | null>;
  /** Which of the sessions have an attempt in flight. */
  sessionsWithPending(sessionIds: string[]): Promise<Set<string>>;
  findForUpdate(id: string): Promise<PaymentAttempt | null>;
  findById(id: string): Promise<PaymentAttempt | null>;
  /** Bit attempts that ended unpaid since `since` (`PaymentAttempt.endedUnpaid`), newest first: a late approval may still come. */
  bitEndedUnpaidSince(since: Date, limit: number): Promise<PaymentAttempt[]>;
}

/** A money intent in flight, as the reconciler finds it: what names it, and what it moves money for. */
export interface PendingIntent {
  id: string;
  kind: IntentKind;
  /** The checkout session, the charge or the subscription. */
  subjectId: string;
}

/** The one table of money intents, across kinds. */
export interface MoneyIntentRepository {
  /** Intents of any kind in flight (pending) since before `before`, oldest first. */
  pendingSince(before: Date, limit: number): Promise<PendingIntent[]>;
}

export interface ChargeOperationRepository {
  /** False when the charge's hold already has a capture or cancellation (one end per hold). */
  add(operation: ChargeOperation): Promise<boolean>;
  /** Operations the caller knows cannot conflict (their charges locked, with no end). */
  addMany(operations: ChargeOperation[]): Promise<void>;
  /** Writes the operations' statuses in one statement. */
  saveMany(operations: ChargeOperation[]): Promise<void>;
  findManyForUpdate(ids: string[]): Promise<Map<string, ChargeOperation>>;
  findById(id: string): Promise<ChargeOperation | null>;
  /** The captures or cancellations of these holds committed but not finished, by charge id. */
  pendingEnds(chargeIds: string[]): Promise<Map<string, ChargeOperation>>;
}

export interface PaymentMethodRepository {
  /** Adds the method unless one with its processor reference exists; answers the one stored. */
  addOnce(method: PaymentMethod): Promise<PaymentMethod>;
  save(method: PaymentMethod): Promise<void>;
  findById(scope: Scope, id: string): Promise<PaymentMethod | null>;
  /** For batches of several accounts: the caller checks each one's scope. */
  findManyUnscoped(ids: string[]): Promise<PaymentMethod[]>;
  list(scope: Scope, filter: { customer?: string }, page: PageRequest): Promise<Page<PaymentMethod>>;
  /** Detaches every card still attached to the customer: how many. */
  detachAll(scope: Scope, customerId: string): Promise<number>;
  /** Attached cards of every account expiring in `year`-`month`, after `afterId` in id order. */
  expiringIn(year: number, month: number, afterId: string, limit: number): Promise<PaymentMethod[]>;
}

export interface RefundRepository {
  add(refund: Refund): Promise<void>;
  findById(scope: Scope, id: string): Promise<Refund | null>;
  list(scope: Scope, filter: { charge?: string }, page: PageRequest): Promise<Page<Refund>>;
}

export interface CardTokenRepository {
  /**
   * A token minted on a checkout session (whose customer may also save the card with it): `token` is
   * what the page holds, `processorToken` what the processor charges.
   */
  add(token: string, processorToken: string, scope: Scope, minted: { sessionId: string; customerId: string }, now: Date): Promise<void>;
  /**
   * Takes the token for one use (`usedFor`: an attempt, or a save): its processor token when it is this
   * scope's, bound to `use`, and not yet taken for anything else; otherwise why not.
   */
  take(token: string, scope: Scope, use: TokenUse, usedFor: string): Promise<{ processorToken: string } | TokenRefusal>;
}

export interface ProcessorConnectionRepository {
  find(accountId: string): Promise<ProcessorConnection | null>;
  save(connection: ProcessorConnection): Promise<void>;
}
