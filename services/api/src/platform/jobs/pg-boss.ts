import PgBossModule from 'pg-boss';

// pg-boss 10 is CommonJS; its default export is the class.
export const PgBoss = PgBossModule as unknown as typeof PgBossModule;
export type PgBoss = PgBossModule;

/**
 * Settings of the queue's own connections (pg-boss hands its options to pg's Pool). They keep only the
 * queue's books — fetches, completions and failures, cron ticks, maintenance — and commit without
 * waiting for the flush to disk; jobs are sent on their transaction's connection, never here. What such
 * a commit recorded is lost only if PostgreSQL itself crashes in the moment after it, and then a job is
 * fetched or run again (delivery is at least once anyway) or a cron tick is missed (as one is while
 * PostgreSQL is down; every sweep takes what is due, late items included). A batch worker commits a
 * fetch and a completion a batch: waiting for each flush took 40 % of its speed.
 */
const QUEUE_CONNECTION = { options: '-c synchronous_commit=off' };

export function createBoss(databaseUrl: string, options: { supervise: boolean; maintenanceIntervalSeconds?: number }): PgBoss {
  return new PgBoss({
    connectionString: databaseUrl,
    max: 4,
    ...QUEUE_CONNECTION,
    supervise: options.supervise,
    schedule: options.supervise,
    migrate: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 60,
  });
}
