import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { sqlRows } from '../../../../platform/persistence/sql/statements';
import { randomBase62 } from '../../../../shared/domain/ids';
import type { Email, EmailOutbox, OutboxEntry } from '../../application/ports/email';
import { NOTIFICATIONS } from '../../notifications.tokens';
import type { Mailer } from '../../application/ports/email';

type OutboxRow = {
  id: string;
  account_id: string;
  key: string;
  kind: OutboxEntry['kind'];
  recipient: string;
  subject: string;
  text_body: string;
  status: OutboxEntry['status'];
  attachment: string | null;
  created_at: string;
  sent_at: string | null;
};

const toEntry = (row: OutboxRow): OutboxEntry => ({
  id: row.id,
  accountId: row.account_id,
  key: row.key,
  kind: row.kind,
  to: row.recipient,
  subject: row.subject,
  text: row.text_body,
  status: row.status,
  attachment: row.attachment,
  createdAt: new Date(row.created_at),
  sentAt: row.sent_at ? new Date(row.sent_at) : null,
});

@injectable()
export class PgEmailOutbox implements EmailOutbox {
  constructor(
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(NOTIFICATIONS.Mailer) private readonly mailer: Mailer,
  ) {}

  async add(email: Email, attachment: string | null, now: Date): Promise<boolean> {
    const rows = await sqlRows(
      this.em,
      `insert into email_outbox (id, account_id, key, kind, recipient, subject, text_body, status, created_at, attachment)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) on conflict (key) do nothing returning id`,
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
        attachment,
      ],
    );
    return rows.length > 0;
  }

  async find(key: string): Promise<OutboxEntry | null> {
    const rows = await sqlRows<OutboxRow>(this.em, 'select * from email_outbox where key = $1', [key]);
    return rows.length ? toEntry(rows[0]) : null;
  }

  async markSent(key: string, now: Date): Promise<void> {
    await sqlRows(this.em, "update email_outbox set status = 'sent', sent_at = $1 where key = $2", [now, key]);
  }

  async list(limit: number): Promise<OutboxEntry[]> {
    return (await sqlRows<OutboxRow>(this.em, 'select * from email_outbox order by created_at desc, id desc limit $1', [limit])).map(
      toEntry,
    );
  }
}
