import type { Page } from '../../../../shared/domain/page';
import type { Scope } from '../../../../shared/domain/scope';
import { InMemoryTable, type InMemoryUnitOfWork, inScope } from '../../../../testing/in-memory-unit-of-work';
import type { CheckoutSession } from '../../domain/checkout-session';
import type { CheckoutSessionRepository } from '../ports/checkout-session-repository';

export class InMemoryCheckoutSessions implements CheckoutSessionRepository {
  readonly table: InMemoryTable<CheckoutSession>;

  constructor(uow: InMemoryUnitOfWork) {
    this.table = new InMemoryTable(uow);
  }

  async add(session: CheckoutSession) {
    this.table.insert(session);
  }
  async findById(scope: Scope, id: string) {
    const session = this.table.get(id);
    return session && inScope(session, scope) ? session : null;
  }
  async findByIdUnscoped(id: string) {
    return this.table.get(id);
  }
  async findForUpdate(id: string) {
    return this.table.get(id);
  }
  async list(scope: Scope): Promise<Page<CheckoutSession>> {
    return { items: this.table.all().filter((session) => inScope(session, scope)), hasMore: false };
  }
  async save(session: CheckoutSession) {
    this.table.save(session);
  }
  async saveMany(sessions: CheckoutSession[]) {
    sessions.forEach((session) => this.table.save(session));
  }
  async addCode(id: string, code: string) {
    const session = this.table.get(id)!;
    if (session.status === 'pending' && !session.appliedCodes.includes(code))
      this.table.save(Object.assign(session, { appliedCodes: [...session.appliedCodes, code] }));
  }
  async removeCode(id: string, code: string) {
    const session = this.table.get(id)!;
    if (session.status === 'pending')
      this.table.save(Object.assign(session, { appliedCodes: session.appliedCodes.filter((c) => c !== code) }));
  }
  /** Wrong codes are not counted here: their limit is a statement of PostgreSQL's, proven by the integration tests. */
  async takeCodeTry(): Promise<Date | null> {
    return null;
  }
  async giveBackCodeTry() {}
  async lockDue(now: Date, limit: number) {
    return this.table
      .all()
      .filter((session) => session.isDue(now))
      .slice(0, limit);
  }
}
