// The notifications module's public face: what other modules may use.
export { QueueEmail } from './application/queue-email';
export type { EmailMessage } from './application/templates';
export type { Attachment, DocumentAttachments } from './application/ports/email';
export { NOTIFICATIONS } from './notifications.tokens';
