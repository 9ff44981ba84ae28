import { inject, injectable } from 'inversify';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { JOBS } from '../../../platform/jobs/jobs.tokens';
import { EMAIL_QUEUE } from '../notifications.tokens';
import type { Email } from './ports/email';

/** Sends an email after the caller's transaction commits: the job is written inside it. */
@injectable()
export class QueueEmail {
  constructor(@inject(JOBS.Queue) private readonly queue: JobQueue) {}

  async execute(email: Email): Promise<void> {
    await this.queue.send(EMAIL_QUEUE, email, { singletonKey: email.key });
  }
}
