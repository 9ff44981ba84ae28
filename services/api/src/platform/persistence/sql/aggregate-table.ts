import {
  type EntityClass,
  type EntityDictionary,
  type EntityManager,
  type FilterQuery,
  JsonType,
  LockMode,
  type QueryOrderMap,
} from '@mikro-orm/postgresql';
import type { Page, PageRequest } from '../../../shared/domain/page';
import { ValidationError } from '../../../shared/domain/domain-error';
import { sqlRows } from './statements';

/** How a read by criteria goes: its order and size, and whether it locks what it reads. */
export interface ReadOptions<T> {
  orderBy?: QueryOrderMap<T>;
  limit?: number;
  /**
   * `false` (the default): an aggregate this request already holds is answered as it holds it, with
   * the changes it has not saved yet. `true`: as the database has it now, for rows other transactions
   * change (a pending operation, a due subscription).
   */
  fresh?: boolean;
  /** Locks each row read until the unit of work ends (read fresh): `wait` for a row another holds, or `skip` it. */
  lock?: 'wait' | 'skip';
}

type Props<T> = ReadonlyArray<keyof T & string>;

type Columns = { table: string; props: Array<{ name: string; fieldNames: string[]; customType?: unknown }> };

function ormOptions({ fresh, lock }: ReadOptions<never>): {
  refresh: boolean;
  lockMode?: LockMode.PESSIMISTIC_WRITE | LockMode.PESSIMISTIC_PARTIAL_WRITE;
} {
  return {
    refresh: fresh === true || lock !== undefined,
    lockMode: lock === 'wait' ? LockMode.PESSIMISTIC_WRITE : lock === 'skip' ? LockMode.PESSIMISTIC_PARTIAL_WRITE : undefined,
  };
}

/**
 * How an aggregate's rows are read and written: its table as the schema (`*.schema.ts`) maps it, and
 * `saved`, the properties that change after the insert. Declared once per aggregate at the top of its
 * repository's file; every read and write of the aggregate goes through it, on the repository's
 * EntityManager (the unit of work's inside one).
 *
 * - Reads by criteria (the schema's property names): `find`, `findOne`, `count`, `page`; a row lock
 *   by id, `lock`. What criteria cannot say (`= any($3)` over a scope, a join, a hot path measured to
 *   pay for the query builder) is a statement: `select`, `first`.
 * - Writes: `insert` (one or many), `insertUnlessTaken`, `save` (one or many, always `saved`: saving
 *   one and saving a batch write the same columns).
 */
export class AggregateTable<T extends { id: string | number }> {
  /** Every table declared, by entity name: what `test/persistence.test.ts` checks against the schemas. */
  static readonly declared = new Map<string, { entity: EntityClass<object>; saved: readonly string[] }>();
  /** The table and its persisted properties, each in the one column the schema names: read from the schema once. */
  private columns?: Columns;

  /**
   * `kinds`: for a table several aggregates share, each row naming its aggregate in a `kind` column
   * (`money_intents`), the kinds this aggregate is: every read here sees only rows of those kinds.
   */
  constructor(
    private readonly entity: EntityClass<T>,
    readonly saved: Props<T>,
    private readonly kinds?: readonly string[],
  ) {
    AggregateTable.declared.set(entity.name, { entity, saved });
  }

  /** `where`, within this aggregate's kinds. */
  private own(where: FilterQuery<T>): FilterQuery<T> {
    return this.kinds ? ({ $and: [{ kind: { $in: this.kinds } }, where] } as FilterQuery<T>) : where;
  }

  /** The statement's condition on the aggregate's kinds (`and kind = any($n)`), its value appended to `values`. */
  private ownSql(values: unknown[]): string {
    if (!this.kinds) return '';
    values.push(this.kinds);
    return ` and kind = any($${values.length})`;
  }

  /**
   * Inserts in one statement (as many as a statement holds), JSON as JSON text, undefined as the
   * column's default; an aggregate whose id the database numbers gets it.
   */
  async insert(em: EntityManager, entities: T[]): Promise<void> {
    if (entities.length === 0) return;
    if (entities.length === 1 && entities[0].id === undefined) {
      const { text, values } = this.insertStatement(em, entities);
      const [row] = await sqlRows<{ id: string }>(em, `${text} returning id`, values);
      Object.assign(entities[0], { id: Number(row.id) });
      return;
    }
    // A statement takes at most 65,535 parameters.
    const perStatement = Math.floor(65_535 / this.columnsOf(em).props.length);
    for (let start = 0; start < entities.length; start += perStatement) {
      const { text, values } = this.insertStatement(em, entities.slice(start, start + perStatement));
      await sqlRows(em, text, values);
    }
  }

  /**
   * Inserts unless a unique index already holds its key: one statement, and a refusal leaves the
   * transaction usable (no savepoint needed). True when it was inserted.
   */
  async insertUnlessTaken(em: EntityManager, entity: T): Promise<boolean> {
    const { text, values } = this.insertStatement(em, [entity]);
    return (await sqlRows(em, `${text} on conflict do nothing returning 1`, values)).length > 0;
  }

  /** Writes the `saved` properties of each (found by id) in one statement. */
  async save(em: EntityManager, entities: T[]): Promise<void> {
    if (entities.length === 0) return;
    const { table, props } = this.columnsOf(em);
    const written = props.filter((prop) => prop.name === 'id' || this.saved.includes(prop.name as keyof T & string));
    if (written.length !== this.saved.length + 1) throw new Error(`saving ${table}: not every one of ${this.saved.join(', ')} is a column`);
    const set = written.filter((prop) => prop.name !== 'id').map((prop) => `${prop.fieldNames[0]} = v.${prop.fieldNames[0]}`);
    const rows = entities.map((entity) => Object.fromEntries(written.map((prop) => [prop.fieldNames[0], entity[prop.name as keyof T]])));
    await sqlRows(
      em,
      `update ${table} t set ${set.join(', ')} from json_populate_recordset(null::${table}, $1::json) as v where t.id = v.id`,
      [JSON.stringify(rows)],
    );
  }

  private columnsOf(em: EntityManager): Columns {
    if (!this.columns) {
      const meta = em.getMetadata().get(this.entity.name);
      this.columns = { table: meta.tableName, props: meta.props.filter((prop) => prop.fieldNames?.length === 1 && prop.persist !== false) };
    }
    return this.columns;
  }

  /** The aggregates matching `where`. */
  find(em: EntityManager, where: FilterQuery<T>, options: ReadOptions<T> = {}): Promise<T[]> {
    return em.find(this.entity, this.own(where), { orderBy: options.orderBy, limit: options.limit, ...ormOptions(options) });
  }

  /** The one aggregate matching `where` (criteria that name at most one), or null. */
  findOne(em: EntityManager, where: FilterQuery<T>, options: Pick<ReadOptions<T>, 'fresh' | 'lock'> = {}): Promise<T | null> {
    return em.findOne(this.entity, this.own(where), ormOptions(options));
  }

  /** How many rows match `where`. */
  count(em: EntityManager, where: FilterQuery<T>): Promise<number> {
    return em.count(this.entity, this.own(where));
  }

  /**
   * A page of the aggregates matching `where`: newest first, by (`by`, id), `by` being `createdAt`
   * unless the aggregate is dated otherwise, continuing after the one named by `startingAfter`, which
   * must itself match `where` (the same account and mode).
   */
  async page(em: EntityManager, where: FilterQuery<T>, page: PageRequest, by = 'createdAt' as keyof T & string): Promise<Page<T>> {
    const limit = page.limit ?? 20;
    where = this.own(where);
    let filter = where;
    if (page.startingAfter) {
      const cursor = await em.findOne(this.entity, { $and: [where, { id: page.startingAfter }] } as FilterQuery<T>);
      if (!cursor)
        throw new ValidationError('parameter_invalid', `No such object to start after: '${page.startingAfter}'`, 'starting_after');
      filter = {
        $and: [where, { $or: [{ [by]: { $lt: cursor[by] } }, { [by]: cursor[by], id: { $lt: cursor.id } }] }],
      } as FilterQuery<T>;
    }
    const rows = await em.find(this.entity, filter, { orderBy: { [by]: 'desc', id: 'desc' } as QueryOrderMap<T>, limit: limit + 1 });
    return { items: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  /**
   * The aggregate `id` read fresh and locked until the unit of work in progress ends (a change's first
   * read), or null when there is none; with `skip`, null also when another transaction holds it.
   */
  lock(em: EntityManager, id: T['id'], lock: 'wait' | 'skip' = 'wait'): Promise<T | null> {
    const values: unknown[] = [id];
    const own = this.ownSql(values);
    return this.first(
      em,
      `select * from ${this.columnsOf(em).table} where id = $1${own} for update${lock === 'skip' ? ' skip locked' : ''}`,
      values,
    );
  }

  /** Aggregates read by a statement (`select * from <table> …`, `$1` parameters), mapped by the schema. */
  async select(em: EntityManager, text: string, values: unknown[]): Promise<T[]> {
    return (await sqlRows(em, text, values)).map((row) => em.map(this.entity, row as EntityDictionary<T>));
  }

  /** The first aggregate a statement reads, or null. */
  async first(em: EntityManager, text: string, values: unknown[]): Promise<T | null> {
    return (await this.select(em, text, values))[0] ?? null;
  }

  /** The aggregate `id` of an account and mode, locked until the unit of work in progress ends (a change's first read). */
  lockedInScope(em: EntityManager, scope: { accountId: string; livemode: boolean }, id: string): Promise<T | null> {
    const values: unknown[] = [scope.accountId, scope.livemode, id];
    const own = this.ownSql(values);
    return this.first(
      em,
      `select * from ${this.columnsOf(em).table} where account_id = $1 and livemode = $2 and id = $3${own} for update`,
      values,
    );
  }

  /** The aggregate with this id: the one this request or transaction already holds, else read by its key. */
  async known(em: EntityManager, id: T['id']): Promise<T | null> {
    const held = em.getUnitOfWork().getById<T>(this.entity.name, id as never);
    const values: unknown[] = [id];
    return held ?? this.first(em, `select * from ${this.columnsOf(em).table} where id = $1${this.ownSql(values)}`, values);
  }

  private insertStatement(em: EntityManager, entities: T[]): { text: string; values: unknown[] } {
    const { table, props } = this.columnsOf(em);
    const values: unknown[] = [];
    const rows = entities.map((entity) => {
      const fields = props.map((prop) => {
        const value = entity[prop.name as keyof T];
        if (value === undefined) return 'default';
        values.push(value !== null && prop.customType instanceof JsonType ? JSON.stringify(value) : value);
        return `$${values.length}`;
      });
      return `(${fields.join(', ')})`;
    });
    return { text: `insert into ${table} (${props.map((prop) => prop.fieldNames[0]).join(', ')}) values ${rows.join(', ')}`, values };
  }
}
