import { DomainError } from '../../../../shared/domain/domain-error';
import type { Scope } from '../../../../shared/domain/scope';
import type { CardDetails, ShownCard } from '../../domain/card';
import type { ThreeDSecure } from '../../domain/charge';
import type { ProcessorName } from '../../domain/processor-connection';

export type { CardDetails, ShownCard } from '../../domain/card';

/**
 * The card processor port: what any Israeli gateway does for a terminal, in our words. Each connector
 * (`infrastructure/processors/<name>/`) maps these calls to its own API and its answers back to the
 * outcomes below, and passes the conformance suite (`test/processors/conformance.ts`, run by `test/processor-conformance.test.ts`).
 *
 * Every money call carries our idempotency key, which is also the reference the operation is looked up
 * by: the same key moves money at most once, and a repeated call answers as the first did.
 *
 * The outcomes, stated once:
 * - **approved** (`authorized`): the money was taken (J4) or held (J5); `processorRef` names it for the
 *   capture, release or refund that may follow.
 * - **declined**: the card was refused, with one of `DECLINE_CODES` (the shopper's message in Hebrew and
 *   English is `failureMessage(code, locale)`) and whether it is `soft` (the same card may pass later:
 *   the issuer asked to be called, a limit, a time-out on their side) or hard (blocked, stolen, invalid).
 * - **needs 3-D Secure** (`requires_action`): only from a connector whose capabilities declare it.
 * - **unknown**: the call got no answer in time and a lookup by its key found nothing yet. The connector
 *   throws `ProcessorTimeout`; the operation stays in flight and is finished later with the same key,
 *   never retried blindly under a new one.
 * A capture, release or refund the processor will not do throws `ProcessorRefused`: it moved no money,
 * and asking again will not change that, so the operation ends failed. Any other thrown error means the
 * call did not happen (a malformed request, bad credentials) and may be tried again.
 */
export interface CardProcessor {
  readonly name: string;
  readonly capabilities: ProcessorCapabilities;

  /**
   * Checks the card (Luhn, expiry, CVC, and whatever the processor checks) and returns its token; the
   * number goes no further than this call. A card the processor refuses here throws `card_declined`.
   */
  tokenize(card: CardInput, now: Date): Promise<{ token: string; card: CardDetails }>;
  /**
   * J4 (`capture: true`) or a J5 hold (`capture: false`), by a token or a saved card's reference, in
   * installments when asked. `merchantInitiated`: a renewal charged without the shopper.
   */
  authorize(request: AuthorizeRequest): Promise<AuthorizeOutcome>;
  /** Finishes a 3-D Secure challenge that `authorize` asked for. */
  completeChallenge(request: {
    idempotencyKey: string;
    challengeId: string;
    result: 'authenticated' | 'failed';
  }): Promise<AuthorizeOutcome>;
  /**
   * Charges a J5 hold, in full or (where declared) in part; the rest of the hold is released. Answers
   * the reference refunds of the captured money name (the capture's own transaction, or the hold's).
   */
  capture(request: { idempotencyKey: string; processorRef: string; amount: number }): Promise<{ processorRef: string }>;
  /** Releases a J5 hold without charging it. */
  void(request: { idempotencyKey: string; processorRef: string }): Promise<void>;
  /** Returns captured money, in full or in part, as many times as the captured amount allows. */
  refund(request: { idempotencyKey: string; processorRef: string; amount: number }): Promise<void>;
  /** J2: checks a tokenized card without charging it and answers a reference to charge it by later. */
  verify(request: { idempotencyKey: string; token: string }): Promise<{ ref: string; card: CardDetails } | { declined: DeclineCode }>;
  /**
   * What the processor did with the money call of this idempotency key, or null if it never received
   * it: how a call that reached the processor before a crash or a time-out is told from one that never left.
   */
  lookup(idempotencyKey: string): Promise<LookedUp | null>;
  /** A ready-made token of the processor's test mode (e.g. `tok_visa`), which any test call may use any number of times. */
  isFixture(token: string): boolean;
  /**
   * Read-only calls made when a merchant connects the terminal: they succeed only with good credentials
   * (`processor_credentials_invalid` otherwise) and a terminal set up as the connector needs
   * (`processor_terminal_unsuitable`), and answer what the gateway told of the terminal, kept with the
   * connection and given back to its connector.
   */
  connect(): Promise<TerminalSettings>;
  /** Where `capabilities.cardCollection` is `hosted_fields`: the processor's own card fields, and reading their payments back. */
  readonly hostedFields?: HostedFields;
  /** Where `capabilities.bitPage` is declared: Bit on the processor's own page, and reading its payments back. */
  readonly bitPage?: BitPage;
}

/**
 * Bit on the processor's own page (Tranzila's Bit API): the page, shown in a frame, has a QR code on a
 * computer and opens the Bit app on a phone; the shopper pays in the app. The processor tells
 * `notifyUrl` when it is done and sends the frame to `successUrl` or `failureUrl`, but neither is
 * believed: the payment is read back by the attempt's key. Refunds go through `refund` as any other,
 * by the reference the read answered.
 */
export interface BitPage {
  /** Makes the page for one attempt's payment, with the attempt's key in the processor's reference field, and answers its URL. */
  start(request: BitPageRequest): Promise<{ url: string }>;
  /** The attempt's Bit payment, read from the processor by its key: `not_found` while the shopper has not paid. */
  read(request: { idempotencyKey: string; amount: number }): Promise<HostedRead>;
}

export interface BitPageRequest {
  idempotencyKey: string;
  amount: number;
  /** What the shopper pays for, as the Bit page shows it. */
  description: string;
  language: 'he' | 'en';
  notifyUrl: string;
  successUrl: string;
  failureUrl: string;
}

/**
 * A processor whose own card fields, in its iframes on the page, take the card and make the payment
 * (Tranzila's Hosted Fields): the card number never reaches Kupa. The server locks the amount first, the
 * page hands the fields what `prepare` answered, and the payment is believed only once read back from
 * the processor itself.
 */
export interface HostedFields {
  /**
   * Locks the amount at the processor for one attempt (a new lock for every attempt, so for every amount
   * the page shows) and answers what the page passes to the fields' charge call: the terminal, the lock,
   * the amount, the transaction type, the payment plan, and the attempt's key in the processor's
   * duplicate-guard field, by which the payment is found again.
   */
  prepare(request: HostedChargeRequest): Promise<Record<string, string>>;
  /**
   * The attempt's payment, read from the processor: by the transaction the page reported, or searched by
   * the attempt's key when the page reported none (a closed tab, a lost answer). A transaction that is not
   * this attempt's (another key, amount, type or plan) is a forged or replayed report: `mismatch`.
   */
  read(request: HostedChargeRequest & { transactionId: string | null; shown?: ShownCard | null }): Promise<HostedRead>;
}

export interface HostedChargeRequest {
  idempotencyKey: string;
  amount: number;
  currency: string;
  capture: boolean;
  /** The number of payments (2 or more) of a `payments` plan, or null for one payment. */
  installments: number | null;
}

export type HostedRead =
  /** `cardRef`: the reference a saved card charges by later (the processor's token of the card). */
  | ((AuthorizeOutcome & { status: 'authorized' | 'declined' }) & { cardRef?: string })
  | { status: 'not_found' }
  | { status: 'mismatch'; field: 'reference' | 'amount' | 'type' | 'installments' };

export type InstallmentKind = 'payments' | 'credit';
export type Wallet = 'apple_pay' | 'google_pay' | 'bit';

/** What a connector can do, declared once; checkout and payments ask these, never the connector's name. */
export interface ProcessorCapabilities {
  /** How long a J5 hold stays capturable after it is placed. */
  holdWindowMs: number;
  /** Whether a hold can be charged for less than it holds. */
  partialCapture: boolean;
  /**
   * Installment plans: `payments` (regular payments, תשלומים, set by the merchant) and `credit` (the
   * issuer's credit plan, קרדיט), up to `max` in all. An empty `kinds` means none.
   */
  installments: { kinds: InstallmentKind[]; max: number };
  /** Whether `authorize` may answer `requires_action` and `completeChallenge` finishes it. */
  threeDSecure: boolean;
  /** Wallet tokens `authorize` takes. */
  wallets: Wallet[];
  /** The unit of amounts on the processor's wire: agorot, or shekels with two decimals (converted exactly). */
  amountUnit: 'agorot' | 'shekels';
  /**
   * How a new card is taken: `server`, by the page's own fields and `tokenize` (the simulated processor);
   * or `hosted_fields`, by the processor's own fields (`CardProcessor.hostedFields`), loaded from
   * `scriptUrl`, whose origin is the one host a live page lets in besides its own.
   */
  cardCollection: { type: 'server' } | { type: 'hosted_fields'; scriptUrl: string };
  /**
   * Bit on the processor's own page (`CardProcessor.bitPage`), for one-time payments in shekels of at
   * least `minimumAmount` agorot, charged at once (no hold, no installments); null when it has none. The
   * simulated processor takes Bit as a wallet token instead (`wallets`).
   */
  bitPage: { minimumAmount: number } | null;
}

/** Whether the processor's Bit page takes a payment of `amount` in `currency`: a sale in shekels of at least its minimum. */
export function bitPageTakes(bitPage: ProcessorCapabilities['bitPage'], currency: string, amount: number): boolean {
  return bitPage !== null && currency === 'ils' && amount >= bitPage.minimumAmount;
}

/** Why a card was refused: the reasons a shopper is told (every other refusal is `processing_error`). */
export const DECLINE_CODES = ['card_declined', 'insufficient_funds', 'authentication_failed', 'processing_error'] as const;

/** The issuer refused a card as it was given or saved (a payment's decline is an answer, not an error). */
export class CardDeclined extends DomainError {
  constructor(message = 'The card was declined', param?: string) {
    super('card_declined', message, param);
  }
}
export type DeclineCode = (typeof DECLINE_CODES)[number];

export interface AuthorizeRequest {
  idempotencyKey: string;
  source: CardSource;
  amount: number;
  currency: string;
  capture: boolean;
  /** The number of payments (2 or more) of a `payments` plan, or null for one payment. */
  installments: number | null;
  merchantInitiated: boolean;
  /** Our object the call pays (a checkout session, a subscription period), for the processor's records. */
  reference: string;
}

export type AuthorizeOutcome =
  | { status: 'authorized'; processorRef: string; card: CardDetails; threeDSecure?: ThreeDSecure }
  | { status: 'requires_action'; challengeId: string; card: CardDetails }
  | { status: 'declined'; code: DeclineCode; soft: boolean; card: CardDetails | null; threeDSecure?: ThreeDSecure };

/** A money call the processor received: when, and what it came to (approved with its reference, or declined). */
export interface LookedUp {
  receivedAt: Date;
  outcome: { status: 'approved'; processorRef: string | null } | { status: 'declined'; code: DeclineCode };
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  /** The cardholder's ID number (ת.ז.), checked and passed on, never stored. */
  holderId?: string;
}

export type CardSource = { token: string } | { paymentMethodRef: string };

/** A gateway's API credentials, by the names its connector reads (Tranzila: `app_key`, `secret`). */
export type ProcessorCredentials = Record<string, string>;

/** What a gateway told of a terminal when it was connected (Tranzila: the name of its user field 20). */
export type TerminalSettings = Record<string, string>;

export interface ProcessorDirectory {
  /**
   * The processor a scope's money moves through: the simulated one in test mode, the account's connected
   * one in live mode (`ProcessorUnavailable` until one is connected).
   */
  forScope(scope: Scope): Promise<CardProcessor>;
  /** A connector for a gateway's terminal and credentials, as given (to check them before they are kept). */
  connector(name: ProcessorName, terminal: string, credentials: ProcessorCredentials, settings?: TerminalSettings): CardProcessor;
  /** What a connector declares it can do: known without its credentials. */
  capabilitiesOf(name: ProcessorName | 'simulated'): ProcessorCapabilities;
}

export class ProcessorUnavailable extends DomainError {
  constructor() {
    super('processor_unavailable', 'No live card processor is configured for this account yet');
  }
}

/** The processor's final no to a capture, release or refund, with the code the merchant is answered. */
export class ProcessorRefused extends DomainError {
  constructor(code: 'charge_not_capturable' | 'amount_too_large', message: string, param?: string) {
    super(code, message, param);
  }
}

/** The unknown outcome: no answer in time, and nothing found by the call's key yet. */
export class ProcessorTimeout extends DomainError {
  constructor(processor: string) {
    super(
      'processor_timeout',
      `${processor} did not answer in time; the payment is being checked. Repeat the request with the same Idempotency-Key to get its outcome`,
    );
  }
}
