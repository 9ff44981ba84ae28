import type { EmailMessage } from '../templates';

export interface Email {
  accountId: string;
  /** One email per key, however often its job runs (e.g. `receipt:ch_…`). */
  key: string;
  kind: EmailMessage['kind'];
  to: string;
  subject: string;
  text: string;
  /** The tax document whose signed PDF goes with the email. */
  attachDocument?: string;
  /** When it was queued (ISO): a PDF not ready within the hour is left out (the text links to the document). */
  queuedAt?: string;
}

/** A file that goes with an email. */
export interface Attachment {
  filename: string;
  pdf: Buffer;
}

/** The signed PDFs of tax documents, which invoicing renders: `pending` while it is rendered, null when there will be none. */
export interface DocumentAttachments {
  forEmail(documentId: string): Promise<Attachment | 'pending' | null>;
}

export interface OutboxEntry extends Email {
  id: string;
  /** The attached file's name. */
  attachment: string | null;
  status: 'queued' | 'sent' | 'stored';
  createdAt: Date;
  sentAt: Date | null;
}

export interface EmailOutbox {
  /** False when an email with this key is already there. */
  add(email: Email, attachment: string | null, now: Date): Promise<boolean>;
  find(key: string): Promise<OutboxEntry | null>;
  markSent(key: string, now: Date): Promise<void>;
  list(limit: number): Promise<OutboxEntry[]>;
}

/** Sends mail, when a server is configured (`SMTP_URL`). */
export interface Mailer {
  readonly configured: boolean;
  send(email: Email, attachment: Attachment | null): Promise<void>;
}
