import type { Schemas } from '../../../shared/contract/contract';
import type { CardDetails, CardInput } from '../application/ports/card-processor';
import { brandNamed } from '../domain/card';
import type { HostedReport } from '../domain/payment-attempt';

/** The card as the token endpoints take it (the checkout page's and the portal's). */
export function cardInputOf(card: Schemas['CardInput']): CardInput {
  return { number: card.number, expMonth: card.exp_month, expYear: card.exp_year, cvc: card.cvc, holderId: card.holder_id };
}

/** A minted token as the page gets it: its id and what it may show of the card. */
export function cardTokenView(token: string, card: CardDetails): Schemas['CardToken'] {
  return {
    id: token,
    object: 'token',
    card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
    created: new Date().toISOString(),
  };
}

/** What the page reports of the processor's own card fields, in our words (the brand as the fields named it). */
export function hostedReportOf(body: { transaction_id: string | null; card?: { brand: string; last4: string } | null }): HostedReport {
  return {
    transactionId: body.transaction_id,
    shown: body.card ? { brand: brandNamed(body.card.brand), last4: body.card.last4 } : null,
  };
}
