import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { type BatchWorkerOptions, startBatchWorker, startScheduledJob } from '../../../../platform/jobs/batch-worker';
import type { PgBoss } from '../../../../platform/jobs/pg-boss';
import { JOBS } from '../../../../platform/jobs/jobs.tokens';
import { LOGGING } from '../../../../platform/logging/logging.tokens';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { ExpireCheckoutSession } from '../../application/expire-checkout-session';
import { ExpireDueSessions } from '../../application/expire-due-sessions';
import { SESSION_EXPIRY_QUEUE, SESSION_EXPIRY_SWEEP_QUEUE } from '../../checkout.tokens';
import { inOwnContext } from '../../../../platform/persistence/own-context';

/** Each session's own expiry job (sent for its `expires_at`), and the sweep every five minutes behind it. */
@injectable()
export class SessionExpiryJob {
  constructor(
    @inject(ExpireCheckoutSession) private readonly expire: ExpireCheckoutSession,
    @inject(ExpireDueSessions) private readonly sweep: ExpireDueSessions,
    @inject(JOBS.Boss) private readonly boss: PgBoss,
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(LOGGING.Logger) private readonly logger: Logger,
  ) {}

  async start(options: BatchWorkerOptions): Promise<{ stop(): Promise<void> }> {
    const workers = [
      startBatchWorker<{ sessionId: string }>(
        this.boss,
        SESSION_EXPIRY_QUEUE,
        options,
        async ({ sessionId }) => {
          await inOwnContext(this.em, () => this.expire.execute(sessionId));
        },
        this.logger,
      ),
      await startScheduledJob(
        this.boss,
        SESSION_EXPIRY_SWEEP_QUEUE,
        '*/5 * * * *',
        options,
        () => inOwnContext(this.em, () => this.sweep.execute()),
        this.logger,
      ),
    ];
    return { stop: async () => void (await Promise.all(workers.map((worker) => worker.stop()))) };
  }
}
