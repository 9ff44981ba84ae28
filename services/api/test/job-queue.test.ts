import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBatchWorker } from '../src/platform/jobs/batch-worker';
import type { JobQueue } from '../src/platform/jobs/job-queue';
import { JOBS } from '../src/platform/jobs/jobs.tokens';
import { PERSISTENCE } from '../src/platform/persistence/persistence.tokens';
import { transactionConnection } from '../src/platform/persistence/sql/statements';
import type { UnitOfWork } from '../src/platform/persistence/unit-of-work';
import { startTestApp, type TestApp } from './support/harness';
import { waitFor } from './support/receiver';

let app: TestApp;
let queue: JobQueue;
let uow: UnitOfWork;
const QUEUE = 'job-queue-test';

beforeAll(async () => {
  app = await startTestApp();
  queue = app.services.container.get<JobQueue>(JOBS.Queue);
  uow = app.services.container.get<UnitOfWork>(PERSISTENCE.UnitOfWork);
  await app.services.boss.createQueue(QUEUE);
});
afterAll(() => app.close());

async function jobsOf(marker: string) {
  const jobs = await app.services.boss.fetch<{ marker: string }>(QUEUE, { batchSize: 100 });
  return (jobs ?? []).filter((job) => job.data.marker === marker);
}

describe('jobs sent inside a unit of work', () => {
  it('exist once the transaction commits', async () => {
    await app.services.inContext(() => uow.run(() => queue.send(QUEUE, { marker: 'committed' })));
    expect(await jobsOf('committed')).toHaveLength(1);
  });

  it('vanish with a transaction that rolls back', async () => {
    await expect(
      app.services.inContext(() =>
        uow.run(async () => {
          await queue.send(QUEUE, { marker: 'rolled-back' });
          throw new Error('the change failed after sending its job');
        }),
      ),
    ).rejects.toThrow('the change failed');
    expect(await jobsOf('rolled-back')).toHaveLength(0);
  });

  it('go together at commit, less those of a savepoint that rolled back', async () => {
    await app.services.inContext(() =>
      uow.run(async () => {
        await queue.send(QUEUE, { marker: 'together', n: 1 });
        await uow
          .run(async () => {
            await queue.send(QUEUE, { marker: 'together', n: 2 });
            throw new Error('the savepoint failed');
          })
          .catch(() => undefined);
        await queue.sendMany([
          { name: QUEUE, data: { marker: 'together', n: 3 } },
          { name: QUEUE, data: { marker: 'together', n: 4 } },
        ]);
      }),
    );
    expect((await jobsOf('together')).map((job) => (job.data as unknown as { n: number }).n).sort()).toEqual([1, 3, 4]);
  });

  it('refuse to be sent outside a unit of work', async () => {
    await expect(app.services.inContext(() => queue.send(QUEUE, { marker: 'loose' }))).rejects.toThrow(/inside a unit of work/);
  });
});

describe("the queue's own connections", () => {
  it("keep its books without waiting for the flush, while jobs are sent on the sending transaction's connection, which waits", async () => {
    const books = app.services.boss.getDb() as { executeSql(text: string): Promise<{ rows: { synchronous_commit: string }[] }> };
    expect((await books.executeSql('show synchronous_commit')).rows[0].synchronous_commit).toBe('off');
    let sending: unknown;
    await app.services.inContext(() =>
      uow.run(async () => {
        await queue.send(QUEUE, { marker: 'durable' });
        const connection = await transactionConnection(app.services.container.get(PERSISTENCE.EntityManager), 'the check');
        sending = (await connection.query('show synchronous_commit')).rows[0].synchronous_commit;
      }),
    );
    expect(sending).toBe('on');
    expect(await jobsOf('durable')).toHaveLength(1);
  });
});

describe('a queue with a backlog', () => {
  it("hands out its next jobs without sorting the whole backlog (pg-boss's fetch order is indexed)", async () => {
    const backlog = 'job-queue-backlog';
    await app.services.boss.createQueue(backlog);
    await app.services.boss.insert(Array.from({ length: 5_000 }, (_, n) => ({ name: backlog, data: { n } })));
    const db = app.services.orm.em.fork().getConnection();
    await db.execute('analyze pgboss.job');
    // The selection of pg-boss 10's fetch (plans.js, fetchNextJob), as the worker runs it.
    const plan = (
      await db.execute(
        `explain select id from pgboss.job where name = ? and state < 'active' and start_after < now()
       order by priority desc, created_on, id limit 100 for update skip locked`,
        [backlog],
      )
    )
      .map((row) => row['QUERY PLAN'] as string)
      .join('\n');
    expect(plan).toMatch(/Index Scan using \S*name_priority_created_on_id/);
    expect(plan).not.toMatch(/Sort/);
  });
});

describe('a batch worker', () => {
  it('fetches the next batch while one is worked, works one batch at a time, and completes every job once', async () => {
    const name = 'job-queue-batches';
    await app.services.boss.createQueue(name);
    await app.services.boss.insert(Array.from({ length: 30 }, (_, n) => ({ name, data: { n } })));
    const db = app.services.orm.em.fork().getConnection();
    const active = async () =>
      (await db.execute(`select count(*)::int as n from pgboss.job where name = ? and state = 'active'`, [name]))[0].n as number;
    let release!: () => void;
    const firstHeld = new Promise<void>((resolve) => (release = resolve));
    const handled: number[] = [];
    let working = 0;
    let most = 0;
    const worker = startBatchWorker<{ n: number }>(
      app.services.boss,
      name,
      { batchSize: 10, pollIntervalMs: 20 },
      async ({ n }) => {
        working++;
        most = Math.max(most, working);
        if (handled.length < 10) await firstHeld;
        handled.push(n);
        working--;
      },
      app.services.logger,
    );
    try {
      // The first batch is held in its handlers: the second is fetched meanwhile, and waits.
      await waitFor('the second batch fetched', async () => (await active()) === 20, 10_000);
      expect(handled).toEqual([]);
      release();
      await waitFor(
        'every job completed',
        async () =>
          (await db.execute(`select count(*)::int as n from pgboss.job where name = ? and state = 'completed'`, [name]))[0].n === 30,
        10_000,
      );
      expect(handled.sort((a, b) => a - b)).toEqual(Array.from({ length: 30 }, (_, n) => n));
      expect(most).toBe(10);
    } finally {
      await worker.stop();
    }
  });

  it('with two lanes, works two batches at once, so a batch held up holds up no other', async () => {
    const name = 'job-queue-lanes';
    await app.services.boss.createQueue(name);
    await app.services.boss.insert(Array.from({ length: 40 }, (_, n) => ({ name, data: { n } })));
    const db = app.services.orm.em.fork().getConnection();
    const count = async (state: string) =>
      (await db.execute(`select count(*)::int as n from pgboss.job where name = ? and state = ?`, [name, state]))[0].n as number;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const handled: number[] = [];
    let started = 0;
    let working = 0;
    let most = 0;
    const worker = startBatchWorker<{ n: number }>(
      app.services.boss,
      name,
      { batchSize: 10, pollIntervalMs: 20, lanes: 2 },
      async ({ n }) => {
        working++;
        most = Math.max(most, working);
        if (started++ < 10)
          await held; // the first batch's handlers wait
        else await new Promise((resolve) => setTimeout(resolve, 20));
        handled.push(n);
        working--;
      },
      app.services.logger,
    );
    try {
      // The other three batches go through the second lane while the first is held.
      await waitFor('three batches completed', async () => (await count('completed')) === 30, 10_000);
      expect([handled.length, await count('active')]).toEqual([30, 10]);
      expect(most).toBe(20);
      release();
      await waitFor('every job completed', async () => (await count('completed')) === 40, 10_000);
      expect(handled.sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, n) => n));
    } finally {
      await worker.stop();
    }
  });
});

describe('the scheduled sweeps', () => {
  it('a worker registers each with pg-boss on Israel time', async () => {
    const withWorker = await startTestApp(app.databaseUrl, { worker: true });
    try {
      const rows = await withWorker.services.orm.em
        .fork()
        .getConnection()
        .execute(`select name, cron, options->>'tz' as tz from pgboss.schedule order by name`);
      expect(rows).toEqual(
        expect.arrayContaining([
          { name: 'subscription-renewals', cron: '0 2 * * *', tz: 'Asia/Jerusalem' },
          { name: 'charge-hold-expiry-sweep', cron: '0 3 * * *', tz: 'Asia/Jerusalem' },
          { name: 'document-allocation-sweep', cron: '30 3 * * *', tz: 'Asia/Jerusalem' },
          { name: 'card-expiry-notices', cron: '0 9 1 * *', tz: 'Asia/Jerusalem' },
        ]),
      );
    } finally {
      await withWorker.close();
    }
  });
});
