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

  it('a welcome names the plan and the merchant; a dunning email asks for another card', () => {
    const welcome = renderEmail({ kind: 'welcome', merchantName: 'Gym', customerName: 'Dana', planName: 'Monthly' });
    expect(welcome.subject).toBe('ברוכים הבאים ל-Monthly / Welcome to Monthly');
    expect(welcome.text).toContain('Your subscription with Gym is active.');
    const dunning = renderEmail({ kind: 'dunning', customerName: 'Dana', planName: 'Monthly' });
    expect(dunning.subject).toContain('Your payment for Monthly failed');
    expect(dunning.text).toContain('please update your payment method');
  });
});
