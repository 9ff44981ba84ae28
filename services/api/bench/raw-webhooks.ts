// The minimal webhook pipeline the delivery benchmarks compare the worker with: pg-boss fetch of the
// worker's batch size → the events read → a Standard Webhooks–signed undici POST each → complete.
import { createHmac } from 'node:crypto';
import { Pool } from 'undici';
import { BATCH_SIZES } from '../src/main/worker';
import { JOBS } from '../src/platform/jobs/jobs.tokens';
import type { PgBoss } from '../src/platform/jobs/pg-boss';
import type { Context } from './harness';

export interface RawEndpoints {
  /** One pass: a batch fetched from `queue`, delivered and completed; answers how many jobs it held. */
  deliverBatch(queue: string): Promise<number>;
  close(): Promise<void>;
}

/** The pipeline to `endpoints`, by the id delivery jobs name them with. */
export function rawEndpoints(ctx: Context, endpoints: { id: number; url: string; secret: string }[]): RawEndpoints {
  const boss = ctx.services.container.get<PgBoss>(JOBS.Boss);
  const byId = new Map(
    endpoints.map((endpoint) => [
      endpoint.id,
      {
        key: Buffer.from(endpoint.secret.slice('whsec_'.length), 'base64'),
        path: new URL(endpoint.url).pathname,
        pool: new Pool(new URL(endpoint.url).origin, { connections: 50 }),
      },
    ]),
  );
  return {
    async deliverBatch(queue) {
      const jobs = (await boss.fetch<{ eventId: string; endpointId: number }>(queue, { batchSize: BATCH_SIZES.webhookDelivery })) ?? [];
      if (jobs.length === 0) return 0;
      const { rows } = await ctx.db.query('select id, type, data, created_at from events where id = any($1)', [
        jobs.map((job) => job.data.eventId),
      ]);
      const events = new Map(rows.map((row) => [row.id, row]));
      await Promise.all(
        jobs.map(async (job) => {
          const event = events.get(job.data.eventId);
          const endpoint = byId.get(Number(job.data.endpointId));
          if (!event || !endpoint) return;
          const body = JSON.stringify({
            id: event.id,
            object: 'event',
            type: event.type,
            data: { object: event.data },
            created: event.created_at,
          });
          const timestamp = String(Math.floor(Date.now() / 1000));
          const signature = createHmac('sha256', endpoint.key).update(`${event.id}.${timestamp}.${body}`).digest('base64');
          const res = await endpoint.pool.request({
            method: 'POST',
            path: endpoint.path,
            body,
            headers: {
              'content-type': 'application/json',
              'webhook-id': event.id,
              'webhook-timestamp': timestamp,
              'webhook-signature': `v1,${signature}`,
            },
          });
          await res.body.dump();
        }),
      );
      await boss.complete(
        queue,
        jobs.map((job) => job.id),
      );
      return jobs.length;
    },
    async close() {
      await Promise.all([...byId.values()].map((endpoint) => endpoint.pool.close()));
    },
  };
}
