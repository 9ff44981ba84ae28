import { AsyncLocalStorage } from 'node:async_hooks';
import { type CommitBatch, NestedUnitOfWork, type UnitOfWork } from '../platform/persistence/unit-of-work';
import type { Scope } from '../shared/domain/scope';

/** Whether a row belongs to `scope`: an account and a mode. */
export const inScope = (row: Scope, scope: Scope) => row.accountId === scope.accountId && row.livemode === scope.livemode;

/** A copy of an aggregate, as a database hands out rows: same class, no shared state with the original. */
export function copyOf<T extends object>(value: T): T {
  return Object.assign(Object.create(Object.getPrototypeOf(value) as object) as T, structuredClone({ ...value }));
}

/**
 * Rows of one aggregate in memory, for use-case specifications: written and read as copies, so a use
 * case sees only what it saved, and put back as they were when the unit of work around a write rolls back.
 */
export class InMemoryTable<T extends { id: string }> {
  private rows = new Map<string, T>();

  constructor(private readonly uow: InMemoryUnitOfWork) {
    uow.track(() => {
      const before = new Map(this.rows);
      return () => (this.rows = before);
    });
  }

  insert(row: T): void {
    if (this.rows.has(row.id)) throw new Error(`${row.id} is already stored`);
    this.rows.set(row.id, copyOf(row));
  }

  save(row: T): void {
    if (!this.rows.has(row.id)) throw new Error(`${row.id} was never inserted`);
    this.rows.set(row.id, copyOf(row));
  }

  get(id: string): T | null {
    const row = this.rows.get(id);
    return row ? copyOf(row) : null;
  }

  all(): T[] {
    return [...this.rows.values()].map(copyOf);
  }
}

interface Unit {
  afterCommit: Array<() => void>;
  batches: Map<CommitBatch<unknown>, unknown[]>;
}

/**
 * The unit of work's contract without a database: one unit at a time per async context, nested units
 * refused, writes at commit in `COMMIT_ORDER`, effects after commit, and the tables put back as they
 * were when the work throws. Nothing is locked: a specification of a race interleaves by hand.
 */
export class InMemoryUnitOfWork implements UnitOfWork {
  private readonly current = new AsyncLocalStorage<Unit>();
  private readonly tracked: Array<() => () => void> = [];
  commits = 0;

  /** `snapshot` is called at the start of each unit; what it answers puts the table back. */
  track(snapshot: () => () => void): void {
    this.tracked.push(snapshot);
  }

  join<T>(work: () => Promise<T>): Promise<T> {
    return this.active() ? work() : this.run(work);
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.active()) throw new NestedUnitOfWork();
    const unit: Unit = { afterCommit: [], batches: new Map() };
    const restore = this.tracked.map((snapshot) => snapshot());
    try {
      const value = await this.current.run(unit, async () => {
        const result = await work();
        for (;;) {
          const next = [...unit.batches].sort(([a], [b]) => (a.order ?? 0) - (b.order ?? 0))[0];
          if (!next) break;
          unit.batches.delete(next[0]);
          await next[0].write(next[1]);
        }
        return result;
      });
      this.commits++;
      for (const effect of unit.afterCommit) effect();
      return value;
    } catch (error) {
      for (const put of restore) put();
      throw error;
    }
  }

  async savepoint<T>(work: () => Promise<T>): Promise<T> {
    if (!this.active()) throw new Error('a savepoint needs a unit of work in progress');
    const restore = this.tracked.map((snapshot) => snapshot());
    try {
      return await work();
    } catch (error) {
      for (const put of restore) put();
      throw error;
    }
  }

  active(): boolean {
    return this.current.getStore() !== undefined;
  }

  afterCommit(effect: () => void): void {
    const unit = this.current.getStore();
    if (unit) unit.afterCommit.push(effect);
    else effect();
  }

  addAtCommit<T>(batch: CommitBatch<T>, item: T): void {
    const unit = this.current.getStore();
    if (!unit) throw new Error('addAtCommit needs a unit of work in progress');
    const items = unit.batches.get(batch as CommitBatch<unknown>);
    if (items) items.push(item);
    else unit.batches.set(batch as CommitBatch<unknown>, [item]);
  }
}
