import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { CheckoutSession, SessionStatus } from '../../domain/checkout-session';

export interface CheckoutSessionRepository {
  add(session: CheckoutSession): Promise<void>;
  findById(scope: Scope, id: string): Promise<CheckoutSession | null>;
  /** For the public endpoints, keyed by the unguessable id alone. */
  findByIdUnscoped(id: string): Promise<CheckoutSession | null>;
  /** Locks the row until the unit of work ends. */
  findForUpdate(id: string): Promise<CheckoutSession | null>;
  list(scope: Scope, filter: { customer?: string; status?: SessionStatus }, page: PageRequest): Promise<Page<CheckoutSession>>;
  /** Writes what changes on a session after it is created: its status, and what completed it. */
  save(session: CheckoutSession): Promise<void>;
  /** Atomic, so concurrent applies and removals never lose one another. */
  addCode(id: string, code: string): Promise<void>;
  removeCode(id: string, code: string): Promise<void>;
  /**
   * Counts a code try against the session's limit before the code is looked at, atomically, so parallel
   * tries cannot pass the limit; answers null, or the start of the full window when none is left.
   */
  takeCodeTry(id: string, now: Date, limit: number, windowMs: number): Promise<Date | null>;
  /** A try whose code worked does not count. */
  giveBackCodeTry(id: string): Promise<void>;
  /** Pending sessions whose time is up, locked until the unit of work ends; those locked elsewhere are skipped. */
  lockDue(now: Date, limit: number, customers?: string[]): Promise<CheckoutSession[]>;
  /** `save` for many, in one statement. */
  saveMany(sessions: CheckoutSession[]): Promise<void>;
}
