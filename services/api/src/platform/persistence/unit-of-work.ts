import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from './persistence.tokens';

/** Runs work in one database transaction; repositories used inside it write to that transaction. */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Whether a unit of work is in progress here (for writes that must share the caller's transaction). */
  active(): boolean;
}

@injectable()
export class MikroOrmUnitOfWork implements UnitOfWork {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  run<T>(work: () => Promise<T>): Promise<T> {
    return this.em.transactional(() => work());
  }

  active(): boolean {
    return this.em.getTransactionContext() !== undefined;
  }
}
