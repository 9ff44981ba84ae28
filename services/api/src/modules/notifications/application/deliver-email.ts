import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { NOTIFICATIONS } from '../notifications.tokens';
import { RetryLater } from '../../../platform/jobs/retry-later';
import { GetAccount } from '../../accounts';
import { withFooter } from './templates';
import type { Attachment, DocumentAttachments, Email, EmailOutbox, Mailer } from './ports/email';

/** How long an email waits for its document's PDF before it goes without it. */
const ATTACHMENT_WAIT_MS = 3_600_000;

/**
 * Keeps every email in the outbox, once per key, and sends it through SMTP when a server is configured,
 * with the merchant's footer as it is now and its document's signed PDF: while the PDF is rendered, the
 * job is tried again later.
 */
@injectable()
export class DeliverEmail {
  constructor(
    @inject(NOTIFICATIONS.EmailOutbox) private readonly outbox: EmailOutbox,
    @inject(NOTIFICATIONS.Mailer) private readonly mailer: Mailer,
    @inject(NOTIFICATIONS.DocumentAttachments) private readonly documents: DocumentAttachments,
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(email: Email): Promise<void> {
    const kept = await this.outbox.find(email.key);
    if (kept && kept.status !== 'queued') return;
    const attachment = email.attachDocument ? await this.attachmentOf(email, email.attachDocument) : null;
    const { termsUrl, privacyUrl } = (await this.getAccount.execute(email.accountId)).branding;
    email = { ...email, text: withFooter(email.text, { termsUrl, privacyUrl }) };
    await this.outbox.add(email, attachment?.filename ?? null, this.clock.now());
    const entry = await this.outbox.find(email.key);
    if (!this.mailer.configured || entry?.status !== 'queued') return;
    await this.mailer.send(email, attachment);
    await this.outbox.markSent(email.key, this.clock.now());
  }

  private async attachmentOf(email: Email, documentId: string): Promise<Attachment | null> {
    const file = await this.documents.forEmail(documentId);
    if (file !== 'pending') return file;
    const waited = this.clock.now().getTime() - new Date(email.queuedAt ?? 0).getTime();
    if (waited < ATTACHMENT_WAIT_MS) throw new RetryLater(`the PDF of document ${documentId} is being rendered`);
    return null;
  }
}
