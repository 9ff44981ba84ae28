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
      /** The card's last four digits; null when no card paid (Bit) or none is known. */
      cardLast4: string | null;
      /** The customer's link to the tax document, when there is one. */
      documentLink: string | null;
    }
  | {
      kind: 'refund';
      merchantName: string;
      customerName: string;
      /** Agorot returned. */
      amount: number;
      chargeId: string;
      /** The card's last four digits; null when no card paid (Bit) or none is known. */
      cardLast4: string | null;
      /** The customer's link to the credit document, when there is one. */
      documentLink: string | null;
    }
  | { kind: 'welcome'; merchantName: string; customerName: string; planName: string }
  | {
      kind: 'dunning';
      merchantName: string;
      customerName: string;
      planName: string;
      /** A soft decline: when the card is tried again. */
      retryAt: Date | null;
      /** A hard decline (not retried): until when a new card keeps the subscription. */
      endsAt: Date | null;
      /** The customer portal, to give a new card. */
      portalUrl: string;
    }
  | {
      kind: 'invitation';
      merchantName: string;
      /** Who invited, or null when the account's key did. */
      inviter: string | null;
      role: string;
      /** The link that sets a password and signs in. */
      link: string;
      expiresAt: Date;
    }
  | {
      kind: 'card_expiring';
      merchantName: string;
      customerName: string;
      cardLast4: string;
      /** `MM/YY`. */
      expiry: string;
      portalUrl: string;
    };

/** A day in Israel, as each language writes it. */
function day(date: Date, lang: 'he' | 'en'): string {
  return new Intl.DateTimeFormat(lang === 'he' ? 'he-IL' : 'en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Jerusalem',
  }).format(date);
}

/** The merchant's terms and privacy pages, under every email they send through Kupa. */
export interface EmailFooter {
  termsUrl: string | null;
  privacyUrl: string | null;
}

export function renderEmail(
  message: EmailMessage,
  footer: EmailFooter = { termsUrl: null, privacyUrl: null },
): { subject: string; text: string } {
  const { subject, text } = body(message);
  return { subject, text: withFooter(text, footer) };
}

/** The text with the merchant's terms and privacy links under it, when they set them. */
export function withFooter(text: string, footer: EmailFooter): string {
  const links = [
    footer.termsUrl && `תנאי השימוש / Terms: ${footer.termsUrl}`,
    footer.privacyUrl && `מדיניות הפרטיות / Privacy: ${footer.privacyUrl}`,
  ].filter(Boolean);
  return links.length > 0 ? `${text}\n\n—\n${links.join('\n')}` : text;
}

function body(message: EmailMessage): { subject: string; text: string } {
  switch (message.kind) {
    case 'receipt':
      return {
        subject: `קבלה מ-${message.merchantName} / Receipt from ${message.merchantName}`,
        text:
          `${message.customerName}, תודה על התשלום.\nThank you for your payment.\n\n` +
          `${formatShekels(message.amount)} — ${message.chargeId}` +
          (message.cardLast4 ? `\nכרטיס / Card •••• ${message.cardLast4}` : '') +
          (message.documentLink ? `\n\nהמסמך / Your document: ${message.documentLink}` : ''),
      };
    case 'refund':
      return {
        subject: `החזר כספי מ-${message.merchantName} / Refund from ${message.merchantName}`,
        text:
          (message.cardLast4
            ? `${message.customerName}, ${formatShekels(message.amount)} הוחזרו לכרטיס •••• ${message.cardLast4}.\n` +
              `${formatShekels(message.amount)} was refunded to your card •••• ${message.cardLast4}.\n\n${message.chargeId}`
            : `${message.customerName}, ${formatShekels(message.amount)} הוחזרו.\n` +
              `${formatShekels(message.amount)} was refunded.\n\n${message.chargeId}`) +
          (message.documentLink ? `\n\nמסמך הזיכוי / Your credit document: ${message.documentLink}` : ''),
      };
    case 'welcome':
      return {
        subject: `ברוכים הבאים ל-${message.planName} / Welcome to ${message.planName}`,
        text:
          `${message.customerName}, המנוי שלך אצל ${message.merchantName} פעיל.\n` +
          `Your subscription with ${message.merchantName} is active.`,
      };
    case 'invitation': {
      const { merchantName, inviter, role, link, expiresAt } = message;
      return {
        subject: `הזמנה ללוח הבקרה של ${merchantName} ב-Kupa / Join ${merchantName} on Kupa`,
        text:
          `${inviter ?? merchantName} הזמין/ה אותך ללוח הבקרה של ${merchantName} בתפקיד ${role}. בחרו סיסמה בקישור עד ${day(expiresAt, 'he')}:\n` +
          `${link}\n\n` +
          `${inviter ?? merchantName} invited you to ${merchantName}'s dashboard as ${role}. Choose a password at the link above by ${day(expiresAt, 'en')}.`,
      };
    }
    case 'dunning': {
      const { merchantName, planName, retryAt, endsAt, portalUrl } = message;
      const hebrew = retryAt
        ? `לא הצלחנו לחייב את הכרטיס שלך על ${planName} אצל ${merchantName}. ננסה שוב ב־${day(retryAt, 'he')}; אפשר לעדכן את הכרטיס כבר עכשיו.`
        : `הכרטיס שלך נדחה על ${planName} אצל ${merchantName}, ולא ננסה לחייב אותו שוב. כדי שהמנוי ימשיך, עדכנו כרטיס` +
          (endsAt ? ` עד ${day(endsAt, 'he')}.` : '.');
      const english = retryAt
        ? `We could not charge your card for ${planName} with ${merchantName}. We will try again on ${day(retryAt, 'en')}; you can update your card now.`
        : `Your card was declined for ${planName} with ${merchantName}, and we will not try it again. To keep your subscription, update your card` +
          (endsAt ? ` by ${day(endsAt, 'en')}.` : '.');
      return {
        subject: `התשלום על ${planName} נכשל / Your payment for ${planName} failed`,
        text: `${message.customerName}, ${hebrew}\n${english}\n\nעדכון הכרטיס / Update your card: ${portalUrl}`,
      };
    }
    case 'card_expiring':
      return {
        subject: `הכרטיס שלך עומד לפוג / Your card is about to expire`,
        text:
          `${message.customerName}, תוקף הכרטיס •••• ${message.cardLast4} שבו מחויב המנוי שלך אצל ${message.merchantName} מסתיים ב־${message.expiry}. ` +
          'כדי שהמנוי ימשיך בלי הפרעה, עדכנו כרטיס.\n' +
          `Your card •••• ${message.cardLast4}, which pays your subscription with ${message.merchantName}, expires at the end of ${message.expiry}. ` +
          'Update your card to keep your subscription going.\n\n' +
          `עדכון הכרטיס / Update your card: ${message.portalUrl}`,
      };
  }
}
