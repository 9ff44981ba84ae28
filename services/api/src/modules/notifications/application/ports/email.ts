export interface Email {
  accountId: string;
  /** One email per key, however often its job runs (e.g. `receipt:ch_…`). */
  key: string;
  kind: 'receipt' | 'welcome' | 'dunning';
  to: string;
  subject: string;
  text: string;
}

export interface OutboxEntry extends Email {
  id: string;
  status: 'queued' | 'sent' | 'stored';
  createdAt: Date;
  sentAt: Date | null;
}

export interface EmailOutbox {
  /** False when an email with this key is already there. */
  add(email: Email, now: Date): Promise<boolean>;
  find(key: string): Promise<OutboxEntry | null>;
  markSent(key: string, now: Date): Promise<void>;
  list(limit: number): Promise<OutboxEntry[]>;
}

/** Sends mail, when a server is configured (`SMTP_URL`). */
export interface Mailer {
  readonly configured: boolean;
  send(email: Email): Promise<void>;
}
