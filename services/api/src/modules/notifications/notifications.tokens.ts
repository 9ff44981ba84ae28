export const NOTIFICATIONS = {
  EmailOutbox: Symbol.for('EmailOutbox'),
  Mailer: Symbol.for('Mailer'),
  DocumentAttachments: Symbol.for('DocumentAttachments'),
};

export const EMAIL_QUEUE = 'email-send';
