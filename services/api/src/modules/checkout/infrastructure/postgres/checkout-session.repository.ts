import { type EntityManager, type FilterQuery, LockMode } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { paginate } from '../../../../platform/persistence/pagination';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { findBySql, findKnownOrBySql, insertEntities, saveProperties } from '../../../../platform/persistence/transaction-connection';
import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { CheckoutSessionRepository } from '../../application/ports/checkout-session-repository';
import { CheckoutSession, type SessionStatus } from '../../domain/checkout-session';

@injectable()
export class MikroOrmCheckoutSessionRepository implements CheckoutSessionRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async add(session: CheckoutSession): Promise<void> {
    await insertEntities(this.em, [session]);
  }

  findById(scope: Scope, id: string): Promise<CheckoutSession | null> {
    return this.em.findOne(CheckoutSession, { accountId: scope.accountId, livemode: scope.livemode, id });
  }

  findByIdUnscoped(id: string): Promise<CheckoutSession | null> {
    return findKnownOrBySql(this.em, CheckoutSession, 'checkout_sessions', id);
  }

  async findForUpdate(id: string): Promise<CheckoutSession | null> {
    return (await findBySql(this.em, CheckoutSession, 'select * from checkout_sessions where id = $1 for update', [id]))[0] ?? null;
  }

  list(scope: Scope, filter: { customer?: string; status?: SessionStatus }, page: PageRequest): Promise<Page<CheckoutSession>> {
    const where: FilterQuery<CheckoutSession> = { accountId: scope.accountId, livemode: scope.livemode };
    if (filter.customer) where.customerId = filter.customer;
    if (filter.status) where.status = filter.status;
    return paginate(this.em, CheckoutSession, where, page);
  }

  async saveStatus(session: CheckoutSession): Promise<void> {
    await saveProperties(this.em, [session], ['status', 'completedAt', 'chargeId', 'subscriptionId']);
  }

  async addCode(id: string, code: string): Promise<void> {
    await this.em
      .getConnection()
      .execute(
        "update checkout_sessions set applied_codes = array_append(applied_codes, ?) where id = ? and status = 'pending' and not (? = any(applied_codes))",
        [code, id, code],
        'run',
        this.em.getTransactionContext(),
      );
  }

  async removeCode(id: string, code: string): Promise<void> {
    await this.em
      .getConnection()
      .execute(
        "update checkout_sessions set applied_codes = array_remove(applied_codes, ?) where id = ? and status = 'pending'",
        [code, id],
        'run',
        this.em.getTransactionContext(),
      );
  }

  async takeCodeTry(id: string, now: Date, limit: number, windowMs: number): Promise<Date | null> {
    const windowOpen = 'failed_code_window_start > ?::timestamptz - make_interval(secs => ?)';
    const taken = await this.em.getConnection().execute(
      `update checkout_sessions set
         failed_code_attempts = case when ${windowOpen} then failed_code_attempts + 1 else 1 end,
         failed_code_window_start = case when ${windowOpen} then failed_code_window_start else ?::timestamptz end
       where id = ? and not (coalesce(${windowOpen}, false) and failed_code_attempts >= ?)
       returning failed_code_window_start`,
      [now, windowMs / 1000, now, windowMs / 1000, now, id, now, windowMs / 1000, limit],
      'all',
      this.em.getTransactionContext(),
    );
    if (taken.length > 0) return null;
    const [row] = await this.em
      .getConnection()
      .execute('select failed_code_window_start from checkout_sessions where id = ?', [id], 'all', this.em.getTransactionContext());
    return new Date(row.failed_code_window_start);
  }

  async giveBackCodeTry(id: string): Promise<void> {
    await this.em
      .getConnection()
      .execute(
        'update checkout_sessions set failed_code_attempts = greatest(0, failed_code_attempts - 1) where id = ?',
        [id],
        'run',
        this.em.getTransactionContext(),
      );
  }

  // In no order: ordering would sort every due row, whole, for each batch of the sweep.
  lockDue(now: Date, limit: number, customers?: string[]): Promise<CheckoutSession[]> {
    const where: FilterQuery<CheckoutSession> = { status: 'pending', expiresAt: { $lte: now } };
    if (customers) where.customerId = { $in: customers };
    return this.em.find(CheckoutSession, where, { limit, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE, refresh: true });
  }

  saveStatuses(sessions: CheckoutSession[]): Promise<void> {
    return saveProperties(this.em, sessions, ['status']);
  }
}
