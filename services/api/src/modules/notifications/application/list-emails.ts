import { inject, injectable } from 'inversify';
import { NOTIFICATIONS } from '../notifications.tokens';
import type { EmailOutbox, OutboxEntry } from './ports/email';

@injectable()
export class ListEmails {
  constructor(@inject(NOTIFICATIONS.EmailOutbox) private readonly outbox: EmailOutbox) {}

  execute(limit = 50): Promise<OutboxEntry[]> {
    return this.outbox.list(limit);
  }
}
