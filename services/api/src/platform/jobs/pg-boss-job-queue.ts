import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PgBoss } from './pg-boss';
import type { JobQueue } from './job-queue';
import { PERSISTENCE } from '../persistence/persistence.tokens';
import { transactionConnection } from '../persistence/transaction-connection';
import { JOBS } from './jobs.tokens';

/**
 * pg-boss on the transaction's own connection (its `db` option), so a job exists exactly when the
 * transaction that sent it commits.
 */
@injectable()
export class PgBossJobQueue implements JobQueue {
  constructor(
    @inject(JOBS.Boss) private readonly boss: PgBoss,
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
  ) {}

  async send(name: string, data: object, options: { startAfter?: Date; singletonKey?: string } = {}): Promise<void> {
    await this.boss.send(name, data, { ...options, db: await this.transactionDb(name) });
  }

  async sendMany(jobs: { name: string; data: object; startAfter?: Date }[]): Promise<void> {
    if (jobs.length === 0) return;
    await this.boss.insert(jobs, { db: await this.transactionDb(jobs[0].name) });
  }

  /** pg-boss's `db` option over the connection of the unit of work in progress. */
  private async transactionDb(name: string) {
    const connection = await transactionConnection(this.em, `job '${name}'`);
    return { executeSql: (text: string, values?: unknown[]) => connection.query(text, values) };
  }
}
