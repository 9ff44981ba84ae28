import type { EntityManager, Knex } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PgBoss } from './pg-boss';
import type { JobQueue } from './job-queue';
import { PERSISTENCE } from '../persistence/persistence.tokens';
import { JOBS } from './jobs.tokens';

type PgConnection = { query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> };

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
    const trx = this.em.getTransactionContext<Knex.Transaction>();
    if (!trx) throw new Error(`job '${name}' must be sent inside a unit of work`);
    const connection = (await trx.client.acquireConnection()) as PgConnection;
    await this.boss.send(name, data, {
      ...options,
      db: { executeSql: (text: string, values?: unknown[]) => connection.query(text, values) },
    });
  }
}
