import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PgBoss } from './pg-boss';
import type { JobQueue } from './job-queue';
import { PERSISTENCE } from '../persistence/persistence.tokens';
import { transactionConnection } from '../persistence/sql/statements';
import { type CommitBatch, COMMIT_ORDER, type UnitOfWork } from '../persistence/unit-of-work';
import { JOBS } from './jobs.tokens';

type Job = { name: string; data: object; startAfter?: Date; singletonKey?: string };

/**
 * pg-boss on the transaction's own connection (its `db` option), so a job exists exactly when the
 * transaction that sent it commits. A transaction's jobs are inserted together just before it commits.
 */
@injectable()
export class PgBossJobQueue implements JobQueue {
  private readonly batch: CommitBatch<Job> = { write: (jobs) => this.insert(jobs), order: COMMIT_ORDER.jobs };

  constructor(
    @inject(JOBS.Boss) private readonly boss: PgBoss,
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async send(name: string, data: object, options: { startAfter?: Date; singletonKey?: string } = {}): Promise<void> {
    await this.sendMany([{ name, data, ...options }]);
  }

  async sendMany(jobs: Job[]): Promise<void> {
    if (jobs.length > 0 && !this.uow.active()) throw new Error(`job '${jobs[0].name}' must be sent inside a unit of work`);
    for (const job of jobs) this.uow.addAtCommit(this.batch, job);
  }

  /**
   * pg-boss's insert is a prepared statement on each connection: parsing and planning it (a common table
   * expression over the jobs' JSON, joined to their queues' settings) took the database 750 µs each
   * time, twice as long as running it.
   */
  private async insert(jobs: Job[]): Promise<void> {
    const connection = await transactionConnection(this.em, `job '${jobs[0].name}'`);
    await this.boss.insert(jobs, {
      db: { executeSql: (text: string, values?: unknown[]) => connection.query({ name: 'pgboss-insert-jobs', text, values }) },
    });
  }
}
