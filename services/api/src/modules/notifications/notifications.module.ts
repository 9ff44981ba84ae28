import { ContainerModule } from 'inversify';
import { bindSingletons } from '../../platform/di';
import type { QueueDefinition } from '../../platform/jobs/job-queue';
import { DeliverEmail } from './application/deliver-email';
import { ListEmails } from './application/list-emails';
import { QueueEmail } from './application/queue-email';
import { PgEmailOutbox } from './infrastructure/postgres/email-outbox.repository';
import { EmailJob } from './interfaces/jobs/email.job';
import { EMAIL_QUEUE, NOTIFICATIONS } from './notifications.tokens';

export function notificationsQueues(expireInSeconds: number): QueueDefinition[] {
  // Tried again after 2, 4, 8… seconds: an SMTP server that is down, or a PDF still being rendered.
  return [{ name: EMAIL_QUEUE, expireInSeconds, retryLimit: 12, retryDelay: 2, retryBackoff: true }];
}

/** Needs NOTIFICATIONS.Mailer and NOTIFICATIONS.DocumentAttachments bound by the composition root. */
export const notificationsModule = new ContainerModule(({ bind }) => {
  bind(NOTIFICATIONS.EmailOutbox).to(PgEmailOutbox).inSingletonScope();
  bindSingletons(bind, [QueueEmail, DeliverEmail, ListEmails, EmailJob]);
});
