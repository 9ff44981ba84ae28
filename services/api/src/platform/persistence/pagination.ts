import type { EntityManager, EntityName, FilterQuery } from '@mikro-orm/postgresql';
import { ValidationError } from '../../shared/domain/domain-error';
import type { Page, PageRequest } from '../../shared/domain/page';

type Listable<K extends string> = { id: string } & { [key in K]: Date };

/**
 * Newest first, by (`by`, id) — `createdAt` unless the entity is dated otherwise — continuing after the
 * object named by `startingAfter`, which must itself be inside `scope` (the same account and mode).
 */
export async function paginate<T extends Listable<K>, K extends string = 'createdAt'>(
  em: EntityManager,
  entity: EntityName<T>,
  scope: FilterQuery<T>,
  page: PageRequest,
  by: K = 'createdAt' as K,
): Promise<Page<T>> {
  const limit = page.limit ?? 20;
  let where = scope;
  if (page.startingAfter) {
    const cursor = await em.findOne(entity, { $and: [scope, { id: page.startingAfter }] } as FilterQuery<T>);
    if (!cursor) throw new ValidationError('parameter_invalid', `No such object to start after: '${page.startingAfter}'`, 'starting_after');
    where = {
      $and: [scope, { $or: [{ [by]: { $lt: cursor[by] } }, { [by]: cursor[by], id: { $lt: cursor.id } }] }],
    } as FilterQuery<T>;
  }
  const rows = await em.find(entity, where, { orderBy: { [by]: 'desc', id: 'desc' } as never, limit: limit + 1 });
  return { items: rows.slice(0, limit), hasMore: rows.length > limit };
}
