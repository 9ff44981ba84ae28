import type { DeclineCode } from '../../../application/ports/card-processor';

/** The Shva response code of an approval. */
const APPROVED = '000';
/**
 * What some public Tranzila clients read as a J2/J5 check's approval, where docs.tranzila.com's response
 * codes give 000 for every approved transaction. Accepted for checks (`txn_type` verify) only: a check
 * moves no money, and a J5 wrongly read as held is refused when it is forced, so reading it either way
 * is safe. A charge, a force, a reversal or a credit is approved by 000 alone.
 */
const CHECK_APPROVED = '777';

/** Whether Tranzila approved a transaction of this type (`debit`, `verify`, `force`, `reversal`, `credit`). */
export function approved(responseCode: string | undefined, txnType: string | undefined): boolean {
  return responseCode === APPROVED || (responseCode === CHECK_APPROVED && txnType?.toLowerCase() === 'verify');
}
/** "Double transaction": the terminal's duplicate guard (`DCdisable`) found this reference already paid. */
export const DUPLICATE = '173';

/**
 * Tranzila answers with the Shva network's response codes. Each refusal maps to the reason a shopper
 * is told, and whether it is soft (the same card may pass later) or hard. A code not listed is a
 * `processing_error` and soft.
 */
const DECLINES: Record<string, { code: DeclineCode; soft: boolean }> = {
  '001': { code: 'card_declined', soft: false }, // blocked, confiscate card
  '002': { code: 'card_declined', soft: false }, // stolen, confiscate card
  '003': { code: 'card_declined', soft: true }, // contact the credit company
  '004': { code: 'card_declined', soft: true }, // refusal
  '005': { code: 'card_declined', soft: false }, // forged, confiscate card
  '006': { code: 'card_declined', soft: false }, // ID number or CVV incorrect
  '033': { code: 'card_declined', soft: false }, // defective card
  '036': { code: 'card_declined', soft: false }, // expired
  '038': { code: 'insufficient_funds', soft: true }, // above the card's ceiling
  '039': { code: 'card_declined', soft: false }, // control number incorrect
  '900': { code: 'authentication_failed', soft: true }, // 3-D Secure failed
  '903': { code: 'card_declined', soft: false }, // fraud suspected
};

export function declineOf(responseCode: string): { code: DeclineCode; soft: boolean } {
  return DECLINES[responseCode] ?? { code: 'processing_error', soft: true };
}
