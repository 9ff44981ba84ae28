import { inject, injectable } from 'inversify';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { JOBS } from '../../../platform/jobs/jobs.tokens';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { EMAIL_QUEUE } from '../notifications.tokens';
import { type EmailMessage, renderEmail } from './templates';

/** Sends an email after the caller's transaction commits: the job is written inside it. */
@injectable()
export class QueueEmail {
  constructor(
    @inject(JOBS.Queue) private readonly queue: JobQueue,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /** One email per `key` (e.g. `receipt:ch_…`), written in the words of its kind's template, with a document's signed PDF. */
  async execute(email: {
    accountId: string;
    key: string;
    to: string;
    message: EmailMessage;
    attachDocument?: string | null;
  }): Promise<void> {
    const { accountId, key, to, message } = email;
    // The merchant's footer is added when it is sent: nothing is read here, inside the caller's transaction.
    const rendered = renderEmail(message);
    const attachment = email.attachDocument ? { attachDocument: email.attachDocument, queuedAt: this.clock.now().toISOString() } : {};
    await this.queue.send(EMAIL_QUEUE, { accountId, key, kind: message.kind, to, ...rendered, ...attachment }, { singletonKey: key });
  }
}
