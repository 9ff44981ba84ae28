const FAILURE_MESSAGES: Record<string, { he: string; en: string }> = {
  card_declined: { he: 'הכרטיס נדחה. נסו כרטיס אחר.', en: 'Your card was declined. Try another card.' },
  insufficient_funds: { he: 'אין מספיק יתרה בכרטיס. נסו כרטיס אחר.', en: 'Your card has insufficient funds. Try another card.' },
  authentication_failed: { he: 'האימות נכשל. נסו שוב או השתמשו בכרטיס אחר.', en: 'Authentication failed. Try again or use another card.' },
  processing_error: { he: 'התשלום לא עבר. נסו שוב.', en: 'The payment could not be processed. Try again.' },
};

/** A reason a shopper can read, in the page's language. */
export function failureMessage(code: string, locale: 'he' | 'en'): string {
  return (FAILURE_MESSAGES[code] ?? FAILURE_MESSAGES.processing_error)[locale];
}
