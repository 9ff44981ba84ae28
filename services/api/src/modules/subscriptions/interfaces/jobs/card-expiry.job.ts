import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { Logger } from 'pino';
import { type BatchWorkerOptions, startScheduledJob } from '../../../../platform/jobs/batch-worker';
import type { PgBoss } from '../../../../platform/jobs/pg-boss';
import { JOBS } from '../../../../platform/jobs/jobs.tokens';
import { LOGGING } from '../../../../platform/logging/logging.tokens';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { inOwnContext } from '../../../../platform/persistence/own-context';
import { NoticeExpiringCards } from '../../application/notice-expiring-cards';
import { CARD_EXPIRY_QUEUE } from '../../subscriptions.tokens';

/** On the first of each month at 09:00 Israel time: a notice for each card that expires at the end of next month. */
@injectable()
export class CardExpiryJob {
  constructor(
    @inject(NoticeExpiringCards) private readonly notice: NoticeExpiringCards,
    @inject(JOBS.Boss) private readonly boss: PgBoss,
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(LOGGING.Logger) private readonly logger: Logger,
  ) {}

  start(options: BatchWorkerOptions): Promise<{ stop(): Promise<void> }> {
    return startScheduledJob(
      this.boss,
      CARD_EXPIRY_QUEUE,
      '0 9 1 * *',
      options,
      () => inOwnContext(this.em, () => this.notice.execute()),
      this.logger,
    );
  }
}
