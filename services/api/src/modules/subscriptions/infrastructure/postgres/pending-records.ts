import type { EntityManager } from '@mikro-orm/postgresql';
import type { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';

/** A record of a charge in flight (a start, a change): written once, then only its status changes. */
interface PendingRecord {
  id: string;
  status: 'pending' | 'succeeded' | 'failed';
  updatedAt: Date;
}

/** The table of such records, and the reads a request, its retry and the reconciler make of it. */
export abstract class PendingRecords<T extends PendingRecord> {
  /** `table` saves the status alone. */
  protected constructor(
    private readonly em: EntityManager,
    private readonly table: AggregateTable<T>,
  ) {}

  add(record: T): Promise<void> {
    return this.table.insert(this.em, [record]);
  }

  save(record: T): Promise<void> {
    return this.table.save(this.em, [record]);
  }

  findForUpdate(id: string): Promise<T | null> {
    return this.table.lock(this.em, id);
  }

  findById(id: string): Promise<T | null> {
    return this.table.findOne(this.em, { id } as never, { fresh: true });
  }

  /** Still pending, committed before `before`, oldest first. */
  pendingSince(before: Date, limit: number): Promise<T[]> {
    return this.table.find(this.em, { status: 'pending', updatedAt: { $lt: before } } as never, {
      orderBy: { updatedAt: 'asc' } as never,
      limit,
      fresh: true,
    });
  }
}
