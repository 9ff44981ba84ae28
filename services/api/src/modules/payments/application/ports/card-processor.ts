import { DomainError } from '../../../../shared/domain/domain-error';
import type { CardDetails } from '../../domain/card';

export type { CardDetails } from '../../domain/card';

/** Why a card was refused: the reasons a shopper is told (every other refusal is `processing_error`). */
export const DECLINE_CODES = ['card_declined', 'insufficient_funds', 'authentication_failed', 'processing_error'] as const;
export type DeclineCode = (typeof DECLINE_CODES)[number];

export type AuthorizeOutcome =
  | { status: 'authorized'; processorRef: string; card: CardDetails }
  | { status: 'requires_action'; challengeId: string; card: CardDetails }
  | { status: 'declined'; code: DeclineCode; card: CardDetails | null };

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  /** The cardholder's ID number (ת.ז.), checked and passed on, never stored. */
  holderId?: string;
}

export type CardSource = { token: string } | { paymentMethodRef: string };

/**
 * The card processor. Every money call carries our idempotency key: the same key gets the same answer
 * and moves money at most once, however often it is called.
 */
export interface CardProcessor {
  /** Checks the card (Luhn, expiry, CVC) and returns a single-purpose token; the number goes no further. */
  tokenize(card: CardInput, now: Date): Promise<{ token: string; card: CardDetails }>;
  /** `capture: false` places a hold (J5). `reference` ties the call to our object, for reconciliation. */
  authorize(request: {
    idempotencyKey: string;
    source: CardSource;
    amount: number;
    currency: string;
    capture: boolean;
    installments: number | null;
    merchantInitiated: boolean;
    reference: string;
  }): Promise<AuthorizeOutcome>;
  /** Finishes a 3-D Secure challenge that `authorize` asked for. */
  completeChallenge(request: { idempotencyKey: string; challengeId: string; result: 'authenticated' | 'failed' }): Promise<AuthorizeOutcome>;
  capture(request: { idempotencyKey: string; processorRef: string; amount: number }): Promise<void>;
  void(request: { idempotencyKey: string; processorRef: string }): Promise<void>;
  refund(request: { idempotencyKey: string; processorRef: string; amount: number }): Promise<void>;
  /**
   * When the processor received the money call with this idempotency key, or null if it never did: how
   * the reconciler tells a call that reached the processor before a crash from one that never left.
   */
  lookup(idempotencyKey: string): Promise<{ receivedAt: Date } | null>;
  /** A ready-made token of the processor's test mode (e.g. `tok_visa`), which any test call may use any number of times. */
  isFixture(token: string): boolean;
  /** Turns a token into a reusable card reference for a saved payment method. */
  saveCard(request: { idempotencyKey: string; token: string }): Promise<{ ref: string; card: CardDetails } | { declined: DeclineCode }>;
}

/** The processor for a mode: the simulated one for test mode; live mode has none configured yet. */
export interface ProcessorDirectory {
  /** Throws `ProcessorUnavailable` for a mode with no processor. */
  forMode(livemode: boolean): CardProcessor;
}

export class ProcessorUnavailable extends DomainError {
  constructor() {
    super('processor_unavailable', 'No live card processor is configured for this account yet');
  }
}
