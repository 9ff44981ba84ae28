import { AsyncLocalStorage } from 'node:async_hooks';
import { type EntityManager, TransactionContext } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from './persistence.tokens';

/** Runs work in one database transaction; repositories used inside it write to that transaction. */
export interface UnitOfWork {
  /** A transaction of its own; refused inside one (say `savepoint` for a part that may roll back alone). */
  run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * `work` in the unit of work in progress, or in one of its own when none is: for a change that moves
   * no money, which a keyed request commits together with its answer (see `idempotency`).
   */
  join<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Part of the unit of work in progress that rolls back alone when `work` throws (a savepoint): what it
   * wrote and what it asked of the commit go, the rest of the unit stays. Refused outside one.
   */
  savepoint<T>(work: () => Promise<T>): Promise<T>;
  /** Whether a unit of work is in progress here (for writes that must share the caller's transaction). */
  active(): boolean;
  /** Runs `effect` once the unit of work in progress commits (at once outside one; never on rollback). */
  afterCommit(effect: () => void): void;
  /**
   * Adds `item` to `batch`, whose `write` runs once with every item the unit added, in order, as the
   * unit's last writes just before it commits: many rows in a statement. Batches are written by their
   * `order`; a write may add to a later batch (a document's event, an event's delivery jobs), so each is
   * written once, and a lock every writer contends for (a document sequence) is held only for the rest.
   * A savepoint that rolls back takes its items with it.
   */
  addAtCommit<T>(batch: CommitBatch<T>, item: T): void;
}

/** `run` asked inside a unit of work: the caller meant its own transaction, or a `savepoint`. */
export class NestedUnitOfWork extends Error {
  constructor() {
    super('a unit of work is already in progress: share it, or say savepoint() for a part that may roll back alone');
  }
}

/**
 * The order of a transaction's last writes: rows (new charges) first; then documents, whose numbering
 * locks the account's sequence, and after them only what they add to: the events (their
 * `document.created` among them) and the jobs (delivery jobs among them).
 */
export const COMMIT_ORDER = { rows: 0, documents: 1, events: 2, jobs: 3 } as const;

/** Rows a unit of work writes together just before it commits (a change's events, jobs and documents). */
export interface CommitBatch<T> {
  write(items: T[]): Promise<void>;
  /** `COMMIT_ORDER`: lower first (default `rows`); batches of one order in the order first used. */
  order?: number;
}

interface Hooks {
  afterCommit: Array<() => void>;
  batches: Map<CommitBatch<unknown>, unknown[]>;
}

@injectable()
export class MikroOrmUnitOfWork implements UnitOfWork {
  private readonly hooks = new AsyncLocalStorage<Hooks>();

  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  /**
   * A top-level unit runs on a fork of its own (a fresh identity map), begun and committed explicitly.
   * Concurrent units of one request or job (the renewal lanes) then share nothing: with MikroORM's
   * `transactional` they shared the request's identity map, and one lane's flush of another's changes
   * opened a transaction on the request's EntityManager that the other lanes then joined, and broke
   * when it committed.
   */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active()) throw new NestedUnitOfWork();
    const fork = this.em.fork({ clear: true, cloneEventManager: true, disableContextResolution: true });
    const hooks: Hooks = { afterCommit: [], batches: new Map() };
    const result = await this.hooks.run(hooks, () =>
      TransactionContext.create(fork, async () => {
        await fork.begin();
        try {
          const value = await work();
          // A batch's write may add to another batch: write until none is left, lowest order first.
          for (;;) {
            const [batch, items] = [...hooks.batches].reduce<[CommitBatch<unknown>, unknown[]] | []>(
              (first, entry) => (first.length === 0 || (entry[0].order ?? 0) < (first[0].order ?? 0) ? entry : first),
              [],
            );
            if (!batch) break;
            hooks.batches.delete(batch);
            await batch.write(items!);
          }
          // Repositories write natively: with the entities read still tracked, the commit's flush would
          // write every saved one again (and diff every one read) for nothing.
          fork.clear();
          await fork.commit();
          return value;
        } catch (error) {
          await fork.rollback();
          throw error;
        }
      }),
    );
    for (const effect of hooks.afterCommit) effect();
    return result;
  }

  join<T>(work: () => Promise<T>): Promise<T> {
    return this.active() ? work() : this.run(work);
  }

  async savepoint<T>(work: () => Promise<T>): Promise<T> {
    const outer = this.hooks.getStore();
    if (!outer || !this.active()) throw new Error('a savepoint needs a unit of work in progress');
    const marks = {
      after: outer.afterCommit.length,
      batches: new Map([...outer.batches].map(([batch, items]) => [batch, items.length])),
    };
    try {
      // MikroORM's transaction inside one is a savepoint.
      return await this.em.transactional(() => work());
    } catch (error) {
      // What it asked of the commit goes with it.
      outer.afterCommit.length = marks.after;
      for (const [batch, items] of outer.batches) {
        if (marks.batches.has(batch)) items.length = marks.batches.get(batch)!;
        else outer.batches.delete(batch);
      }
      throw error;
    }
  }

  addAtCommit<T>(batch: CommitBatch<T>, item: T): void {
    const hooks = this.hooks.getStore();
    if (!hooks || !this.active()) throw new Error('addAtCommit needs a unit of work in progress');
    const items = hooks.batches.get(batch as CommitBatch<unknown>);
    if (items) items.push(item);
    else hooks.batches.set(batch as CommitBatch<unknown>, [item]);
  }

  afterCommit(effect: () => void): void {
    const pending = this.hooks.getStore();
    if (pending) pending.afterCommit.push(effect);
    else effect();
  }

  active(): boolean {
    // Asked of the transaction's own EntityManager: outside one, the work's identity map is not forked for it.
    return TransactionContext.getEntityManager(this.em.name)?.getTransactionContext() !== undefined;
  }
}
