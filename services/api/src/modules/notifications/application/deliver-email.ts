import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { NOTIFICATIONS } from '../notifications.tokens';
import type { Email, EmailOutbox, Mailer } from './ports/email';

/** Keeps every email in the outbox, once per key, and sends it through SMTP when a server is configured. */
@injectable()
export class DeliverEmail {
  constructor(
    @inject(NOTIFICATIONS.EmailOutbox) private readonly outbox: EmailOutbox,
    @inject(NOTIFICATIONS.Mailer) private readonly mailer: Mailer,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(email: Email): Promise<void> {
    await this.outbox.add(email, this.clock.now());
    const entry = await this.outbox.find(email.key);
    if (!this.mailer.configured || entry?.status !== 'queued') return;
    await this.mailer.send(email);
    await this.outbox.markSent(email.key, this.clock.now());
  }
}
