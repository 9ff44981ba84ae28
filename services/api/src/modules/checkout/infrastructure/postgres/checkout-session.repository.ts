import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import { sqlRows } from '../../../../platform/persistence/sql/statements';
import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { CheckoutSessionRepository } from '../../application/ports/checkout-session-repository';
import { CheckoutSession, type SessionStatus } from '../../domain/checkout-session';

/** What changes on a session after it is created (its applied codes and code tries change by statements of their own). */
const SESSIONS = new AggregateTable(CheckoutSession, ['status', 'completedAt', 'chargeId', 'subscriptionId']);

@injectable()
export class PgCheckoutSessionRepository implements CheckoutSessionRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  add(session: CheckoutSession): Promise<void> {
    return SESSIONS.insert(this.em, [session]);
  }

  findById(scope: Scope, id: string): Promise<CheckoutSession | null> {
    return SESSIONS.findOne(this.em, { accountId: scope.accountId, livemode: scope.livemode, id });
  }

  findByIdUnscoped(id: string): Promise<CheckoutSession | null> {
    return SESSIONS.known(this.em, id);
  }

  findForUpdate(id: string): Promise<CheckoutSession | null> {
    return SESSIONS.lock(this.em, id);
  }

  list(scope: Scope, filter: { customer?: string; status?: SessionStatus }, page: PageRequest): Promise<Page<CheckoutSession>> {
    const where: FilterQuery<CheckoutSession> = { accountId: scope.accountId, livemode: scope.livemode };
    if (filter.customer) where.customerId = filter.customer;
    if (filter.status) where.status = filter.status;
    return SESSIONS.page(this.em, where, page);
  }

  save(session: CheckoutSession): Promise<void> {
    return SESSIONS.save(this.em, [session]);
  }

  saveMany(sessions: CheckoutSession[]): Promise<void> {
    return SESSIONS.save(this.em, sessions);
  }

  async addCode(id: string, code: string): Promise<void> {
    await sqlRows(
      this.em,
      "update checkout_sessions set applied_codes = array_append(applied_codes, $1) where id = $2 and status = 'pending' and not ($1 = any(applied_codes))",
      [code, id],
    );
  }

  async removeCode(id: string, code: string): Promise<void> {
    await sqlRows(
      this.em,
      "update checkout_sessions set applied_codes = array_remove(applied_codes, $1) where id = $2 and status = 'pending'",
      [code, id],
    );
  }

  async takeCodeTry(id: string, now: Date, limit: number, windowMs: number): Promise<Date | null> {
    const windowOpen = 'failed_code_window_start > $1::timestamptz - make_interval(secs => $2)';
    const taken = await sqlRows(
      this.em,
      `update checkout_sessions set
         failed_code_attempts = case when ${windowOpen} then failed_code_attempts + 1 else 1 end,
         failed_code_window_start = case when ${windowOpen} then failed_code_window_start else $1::timestamptz end
       where id = $3 and not (coalesce(${windowOpen}, false) and failed_code_attempts >= $4)
       returning failed_code_window_start`,
      [now, windowMs / 1000, id, limit],
    );
    if (taken.length > 0) return null;
    const [row] = await sqlRows<{ failed_code_window_start: string }>(
      this.em,
      'select failed_code_window_start from checkout_sessions where id = $1',
      [id],
    );
    return new Date(row.failed_code_window_start);
  }

  async giveBackCodeTry(id: string): Promise<void> {
    await sqlRows(this.em, 'update checkout_sessions set failed_code_attempts = greatest(0, failed_code_attempts - 1) where id = $1', [id]);
  }

  // In no order: ordering would sort every due row, whole, for each batch of the sweep.
  lockDue(now: Date, limit: number, customers?: string[]): Promise<CheckoutSession[]> {
    const where: FilterQuery<CheckoutSession> = { status: 'pending', expiresAt: { $lte: now } };
    if (customers) where.customerId = { $in: customers };
    return SESSIONS.find(this.em, where, { limit, lock: 'skip' });
  }
}
