import { type EntityClass, type EntityManager, LockMode } from '@mikro-orm/postgresql';
import type { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';

/** A record of a charge in flight (a start, a change): written once, then only its status changes. */
interface PendingRecord {
  id: string;
  status: 'pending' | 'succeeded' | 'failed';
  createdAt: Date;
}

/** The table of such records, and the reads a request, its retry and the reconciler make of it. */
export abstract class PendingRecords<T extends PendingRecord> {
  /** `table` saves the status alone. */
  protected constructor(
    private readonly em: EntityManager,
    private readonly entity: EntityClass<T>,
    private readonly table: AggregateTable<T>,
  ) {}

  add(record: T): Promise<void> {
    return this.table.insert(this.em, [record]);
  }

  save(record: T): Promise<void> {
    return this.table.save(this.em, [record]);
  }

  findForUpdate(id: string): Promise<T | null> {
    return this.em.findOne(this.entity, { id } as never, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  findById(id: string): Promise<T | null> {
    return this.em.findOne(this.entity, { id } as never, { refresh: true });
  }

  /** Still pending, committed before `before`, oldest first. */
  pendingSince(before: Date, limit: number): Promise<T[]> {
    return this.em.find(this.entity, { status: 'pending', createdAt: { $lt: before } } as never, {
      orderBy: { createdAt: 'asc' } as never,
      limit,
      refresh: true,
    });
  }
}
