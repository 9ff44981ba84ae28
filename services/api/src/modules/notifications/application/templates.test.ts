import { describe, expect, it } from 'vitest';
import { renderEmail } from './templates';

describe('email templates', () => {
  const receipt = {
    kind: 'receipt' as const,
    merchantName: 'Olive Shop',
    customerName: 'Dana',
    amount: 11_850,
    chargeId: 'ch_1',
    cardLast4: '4242',
    documentLink: 'https://pay.example/d/doc_1',
  };

  it('a receipt says who was paid, how much in shekels, with which card, and links the document when there is one', () => {
    const { subject, text } = renderEmail(receipt);
    expect(subject).toBe('קבלה מ-Olive Shop / Receipt from Olive Shop');
    expect(text).toContain('Dana, תודה על התשלום.');
    expect(text).toContain('₪118.50 — ch_1');
    expect(text).toContain('•••• 4242');
    expect(text).toContain('https://pay.example/d/doc_1');
    expect(renderEmail({ ...receipt, documentLink: null }).text).not.toContain('המסמך');
  });

  it('names no card when none paid (Bit) or none is known, on a receipt or a refund', () => {
    const paidByBit = renderEmail({ ...receipt, cardLast4: null }).text;
    expect(paidByBit).toContain('₪118.50 — ch_1');
    expect(paidByBit).not.toMatch(/••••|Card/);
    const refund = renderEmail({ ...receipt, kind: 'refund', cardLast4: null }).text;
    expect(refund).toContain('Dana, ₪118.50 הוחזרו.');
    expect(refund).toContain('₪118.50 was refunded.');
    expect(refund).not.toContain('••••');
  });

  it('a welcome names the plan and the merchant; a dunning email asks for another card', () => {
    const welcome = renderEmail({ kind: 'welcome', merchantName: 'Gym', customerName: 'Dana', planName: 'Monthly' });
    expect(welcome.subject).toBe('ברוכים הבאים ל-Monthly / Welcome to Monthly');
    expect(welcome.text).toContain('Your subscription with Gym is active.');
  });

  it('a dunning email says when the card is tried again, or after a hard decline until when a new card keeps it; both link to the portal', () => {
    const base = {
      kind: 'dunning' as const,
      merchantName: 'Gym',
      customerName: 'Dana',
      planName: 'Monthly',
      portalUrl: 'https://pay.example/portal/bps_1',
    };
    const soft = renderEmail({ ...base, retryAt: new Date('2026-05-03T22:30:00Z'), endsAt: null });
    expect(soft.subject).toContain('Your payment for Monthly failed');
    // Days are Israel's: 22:30 UTC on May 3 is May 4 there.
    expect(soft.text).toContain('We will try again on 4 May 2026; you can update your card now.');
    expect(soft.text).toContain('ננסה שוב ב־4 במאי 2026');
    expect(soft.text).toContain('Update your card: https://pay.example/portal/bps_1');
    const hard = renderEmail({ ...base, retryAt: null, endsAt: new Date('2026-05-06T00:00:00Z') });
    expect(hard.text).toContain('we will not try it again. To keep your subscription, update your card by 6 May 2026.');
    expect(hard.text).toContain('https://pay.example/portal/bps_1');
  });

  it("every email ends with the merchant's terms and privacy pages when they are set", () => {
    const welcome = { kind: 'welcome' as const, merchantName: 'Gym', customerName: 'Dana', planName: 'Monthly' };
    expect(renderEmail(welcome).text).not.toContain('Terms');
    const { text } = renderEmail(welcome, { termsUrl: 'https://gym.example/terms', privacyUrl: 'https://gym.example/privacy' });
    expect(text).toMatch(
      /\n\n—\nתנאי השימוש \/ Terms: https:\/\/gym\.example\/terms\nמדיניות הפרטיות \/ Privacy: https:\/\/gym\.example\/privacy$/,
    );
  });

  it('a card-expiring email names the card and its expiry, and links to the portal', () => {
    const { subject, text } = renderEmail({
      kind: 'card_expiring',
      merchantName: 'Gym',
      customerName: 'Dana',
      cardLast4: '4242',
      expiry: '12/26',
      portalUrl: 'https://pay.example/portal/bps_2',
    });
    expect(subject).toBe('הכרטיס שלך עומד לפוג / Your card is about to expire');
    expect(text).toContain('Your card •••• 4242, which pays your subscription with Gym, expires at the end of 12/26.');
    expect(text).toContain('https://pay.example/portal/bps_2');
  });
});
