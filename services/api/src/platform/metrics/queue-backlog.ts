import type { EntityManager } from '@mikro-orm/postgresql';
import type { QueueBacklog } from './metrics';

/** Every queue's jobs ready to run and not started, read from pg-boss's tables (queues with none show 0). */
export async function readQueueBacklog(em: EntityManager): Promise<QueueBacklog[]> {
  const rows = await em.getConnection().execute<Array<{ queue: string; waiting: number; oldest: number }>>(
    `select q.name as queue, count(j.id)::int as waiting,
            coalesce(extract(epoch from now() - min(j.start_after)), 0)::float8 as oldest
       from pgboss.queue q
       left join pgboss.job j on j.name = q.name and j.state in ('created', 'retry') and j.start_after <= now()
      group by q.name`,
  );
  return rows.map((row) => ({ queue: row.queue, waiting: row.waiting, oldestSeconds: row.oldest }));
}
