export const NOTIFICATIONS = {
  EmailOutbox: Symbol.for('EmailOutbox'),
  Mailer: Symbol.for('Mailer'),
};

export const EMAIL_QUEUE = 'email-send';
