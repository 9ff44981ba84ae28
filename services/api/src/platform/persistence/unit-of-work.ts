import { AsyncLocalStorage } from 'node:async_hooks';
import { type EntityManager, TransactionContext } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from './persistence.tokens';

/** Runs work in one database transaction; repositories used inside it write to that transaction. */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Whether a unit of work is in progress here (for writes that must share the caller's transaction). */
  active(): boolean;
  /** Runs `effect` once the unit of work in progress commits (at once outside one; never on rollback). */
  afterCommit(effect: () => void): void;
}

@injectable()
export class MikroOrmUnitOfWork implements UnitOfWork {
  private readonly committed = new AsyncLocalStorage<Array<() => void>>();

  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  /**
   * A top-level unit runs on a fork of its own (a fresh identity map), begun and committed explicitly.
   * Concurrent units of one request or job (the renewal lanes) then share nothing: with MikroORM's
   * `transactional` they shared the request's identity map, and one lane's flush of another's changes
   * opened a transaction on the request's EntityManager that the other lanes then joined, and broke
   * when it committed. Inside a unit, a nested one is a savepoint.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active()) return this.em.transactional(() => work());
    const fork = this.em.fork({ clear: true, cloneEventManager: true });
    const effects: Array<() => void> = [];
    const result = await this.committed.run(effects, () =>
      TransactionContext.create(fork, async () => {
        await fork.begin();
        try {
          const value = await work();
          await fork.commit();
          return value;
        } catch (error) {
          await fork.rollback();
          throw error;
        }
      }),
    );
    for (const effect of effects) effect();
    return result;
  }

  afterCommit(effect: () => void): void {
    const pending = this.committed.getStore();
    if (pending) pending.push(effect);
    else effect();
  }

  active(): boolean {
    return this.em.getTransactionContext() !== undefined;
  }
}
