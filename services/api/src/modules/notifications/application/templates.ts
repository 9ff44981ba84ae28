import { formatShekels } from '../../../shared/domain/money';

/** What an email says, by kind: the facts; the words, Hebrew first then English, are this file's. */
export type EmailMessage =
  | {
      kind: 'receipt';
      merchantName: string;
      customerName: string;
      /** Agorot taken. */
      amount: number;
      chargeId: string;
      cardLast4: string;
      /** The customer's link to the tax document, when there is one. */
      documentLink: string | null;
    }
  | { kind: 'welcome'; merchantName: string; customerName: string; planName: string }
  | { kind: 'dunning'; customerName: string; planName: string };

export function renderEmail(message: EmailMessage): { subject: string; text: string } {
  switch (message.kind) {
    case 'receipt':
      return {
        subject: `קבלה מ-${message.merchantName} / Receipt from ${message.merchantName}`,
        text:
          `${message.customerName}, תודה על התשלום.\nThank you for your payment.\n\n` +
          `${formatShekels(message.amount)} — ${message.chargeId}\nכרטיס / Card •••• ${message.cardLast4}` +
          (message.documentLink ? `\n\nהמסמך / Your document: ${message.documentLink}` : ''),
      };
    case 'welcome':
      return {
        subject: `ברוכים הבאים ל-${message.planName} / Welcome to ${message.planName}`,
        text:
          `${message.customerName}, המנוי שלך אצל ${message.merchantName} פעיל.\n` +
          `Your subscription with ${message.merchantName} is active.`,
      };
    case 'dunning':
      return {
        subject: `התשלום על ${message.planName} נכשל / Your payment for ${message.planName} failed`,
        text:
          `${message.customerName}, לא הצלחנו לחייב את הכרטיס שלך. ננסה שוב בקרוב; כדאי לעדכן את אמצעי התשלום.\n` +
          'We could not charge your card. We will try again soon; please update your payment method.',
      };
  }
}
