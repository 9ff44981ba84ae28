import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import { randomBase62 } from '../../../shared/domain/ids';
import type { Email, EmailOutbox, OutboxEntry } from '../application/ports/email';
import { NOTIFICATIONS } from '../notifications.tokens';
import type { Mailer } from '../application/ports/email';

const toEntry = (row: Record<string, any>): OutboxEntry => ({
  id: row.id,
  accountId: row.account_id,
  key: row.key,
  kind: row.kind,
  to: row.recipient,
  subject: row.subject,
  text: row.text_body,
  status: row.status,
  createdAt: new Date(row.created_at),
  sentAt: row.sent_at ? new Date(row.sent_at) : null,
});

@injectable()
export class PgEmailOutbox implements EmailOutbox {
  constructor(
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(NOTIFICATIONS.Mailer) private readonly mailer: Mailer,
  ) {}

  async add(email: Email, now: Date): Promise<boolean> {
    const rows = await this.sql(
      `insert into email_outbox (id, account_id, key, kind, recipient, subject, text_body, status, created_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (key) do nothing returning id`,
      [
        `em_${randomBase62(24)}`,
        email.accountId,
        email.key,
        email.kind,
        email.to,
        email.subject,
        email.text,
        this.mailer.configured ? 'queued' : 'stored',
        now,
      ],
    );
    return rows.length > 0;
  }

  async find(key: string): Promise<OutboxEntry | null> {
    const rows = await this.sql('select * from email_outbox where key = ?', [key]);
    return rows.length ? toEntry(rows[0]) : null;
  }

  async markSent(key: string, now: Date): Promise<void> {
    await this.sql("update email_outbox set status = 'sent', sent_at = ? where key = ?", [now, key]);
  }

  async list(limit: number): Promise<OutboxEntry[]> {
    return (await this.sql('select * from email_outbox order by created_at desc, id desc limit ?', [limit])).map(toEntry);
  }

  private sql(query: string, params: unknown[]): Promise<Record<string, any>[]> {
    return this.em.getConnection().execute(query, params, 'all', this.em.getTransactionContext());
  }
}
