import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { Charge, ChargeStatus } from '../../domain/charge';
import type { ChargeOperation } from '../../domain/charge-operation';
import type { PaymentAttempt } from '../../domain/payment-attempt';
import type { PaymentMethod } from '../../domain/payment-method';
import type { Refund } from '../../domain/refund';
import type { TokenRefusal, TokenUse } from '../../domain/card-token';

export interface ChargeRepository {
  add(charge: Charge): Promise<void>;
  save(charge: Charge): Promise<void>;
  findById(scope: Scope, id: string): Promise<Charge | null>;
  findForUpdate(id: string): Promise<Charge | null>;
  findByIdUnscoped(id: string): Promise<Charge | null>;
  list(scope: Scope, filter: { customer?: string; status?: ChargeStatus }, page: PageRequest): Promise<Page<Charge>>;
  /** Holds past their capture window. */
  expiredHolds(now: Date, limit: number, customers?: string[]): Promise<{ id: string; livemode: boolean }[]>;
}

export interface PaymentAttemptRepository {
  /** False when the session already has an attempt in flight or done (the partial unique index). */
  add(attempt: PaymentAttempt): Promise<boolean>;
  save(attempt: PaymentAttempt): Promise<void>;
  findLive(sessionId: string): Promise<PaymentAttempt | null>;
  findForUpdate(id: string): Promise<PaymentAttempt | null>;
  findById(id: string): Promise<PaymentAttempt | null>;
  /** Attempts in flight (pending) since before `before`, oldest first. */
  pendingSince(before: Date, limit: number): Promise<PaymentAttempt[]>;
}

export interface ChargeOperationRepository {
  /** False when the charge's hold already has a capture or cancellation (one end per hold). */
  add(operation: ChargeOperation): Promise<boolean>;
  save(operation: ChargeOperation): Promise<void>;
  findForUpdate(id: string): Promise<ChargeOperation | null>;
  findById(id: string): Promise<ChargeOperation | null>;
  /** The capture or cancellation of a hold committed but not finished. */
  pendingEnd(chargeId: string): Promise<ChargeOperation | null>;
  /** Operations committed before `before` and not finished, oldest first. */
  pendingSince(before: Date, limit: number): Promise<ChargeOperation[]>;
}

export interface PaymentMethodRepository {
  /** Adds the method unless one with its processor reference exists; answers the one stored. */
  addOnce(method: PaymentMethod): Promise<PaymentMethod>;
  save(method: PaymentMethod): Promise<void>;
  findById(scope: Scope, id: string): Promise<PaymentMethod | null>;
  list(scope: Scope, filter: { customer?: string }, page: PageRequest): Promise<Page<PaymentMethod>>;
}

export interface RefundRepository {
  add(refund: Refund): Promise<void>;
  findById(scope: Scope, id: string): Promise<Refund | null>;
  list(scope: Scope, filter: { charge?: string }, page: PageRequest): Promise<Page<Refund>>;
}

export interface CardTokenRepository {
  /** A token the processor minted on a checkout session (whose customer may also save the card with it). */
  add(token: string, scope: Scope, minted: { sessionId: string; customerId: string }, now: Date): Promise<void>;
  /**
   * Takes the token for one use (`usedFor`: an attempt, or a save): true when it is this scope's, bound to
   * `use`, and not yet taken for anything else; otherwise why not.
   */
  take(token: string, scope: Scope, use: TokenUse, usedFor: string): Promise<true | TokenRefusal>;
}
