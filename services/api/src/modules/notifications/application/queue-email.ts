import { inject, injectable } from 'inversify';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { JOBS } from '../../../platform/jobs/jobs.tokens';
import { EMAIL_QUEUE } from '../notifications.tokens';
import { type EmailMessage, renderEmail } from './templates';

/** Sends an email after the caller's transaction commits: the job is written inside it. */
@injectable()
export class QueueEmail {
  constructor(@inject(JOBS.Queue) private readonly queue: JobQueue) {}

  /** One email per `key` (e.g. `receipt:ch_…`), written in the words of its kind's template. */
  async execute(email: { accountId: string; key: string; to: string; message: EmailMessage }): Promise<void> {
    const { accountId, key, to, message } = email;
    await this.queue.send(EMAIL_QUEUE, { accountId, key, kind: message.kind, to, ...renderEmail(message) }, { singletonKey: key });
  }
}
