import { createHmac } from 'node:crypto';
import { request } from 'undici';
import { DomainError } from '../../../../../shared/domain/domain-error';
import {
  CardDeclined,
  type AuthorizeOutcome,
  type AuthorizeRequest,
  type BitPage,
  type BitPageRequest,
  type CardDetails,
  type CardInput,
  type CardProcessor,
  type DeclineCode,
  type HostedChargeRequest,
  type HostedFields,
  type HostedRead,
  type LookedUp,
  type ProcessorCapabilities,
  type ShownCard,
  ProcessorRefused,
  type TerminalSettings,
  ProcessorTimeout,
} from '../../../application/ports/card-processor';
import { checkCard } from '../../../domain/card-rules';
import { UNKNOWN_CARD } from '../../../domain/charge';
import { tranzilaCapabilities } from './capabilities';
import { approved, declineOf, DUPLICATE } from './declines';
import { signedHeaders, type TranzilaCredentials } from './signing';
import {
  authorizeBody,
  bitInitBody,
  type BitRef,
  bitRefText,
  brandOf,
  type CardToken,
  cardTokenText,
  type ChargeRef,
  chargeRefOf,
  chargeRefText,
  type FoundTransaction,
  followUpBody,
  hostedChargeParams,
  israelDate,
  israelTime,
  parseBitRef,
  parseCardToken,
  parseChargeRef,
  tokenizeBody,
  type TransactionBody,
  type TransactionResult,
  verifyBody,
} from './transformers';
import { agorot, parse, shekels, stringify } from './wire';

export interface TranzilaSettings {
  /** `TRANZILA_API_URL`: the transaction API (https://api.tranzila.com), or a twin of it. */
  apiUrl: string;
  /** `TRANZILA_REPORT_URL`: the transaction search (https://report.tranzila.com), or a twin of it. */
  reportUrl: string;
  /** How long a call may go unanswered before its outcome is looked up instead. */
  timeoutMs: number;
  /** The key of card fingerprints. */
  fingerprintSecret: string;
  /** `TRANZILA_HOSTED_FIELDS_URL`: the hosted fields' script (https://hf.tranzila.com/assets/js/thostedf.js), or a twin's. */
  hostedFieldsUrl: string;
}

/** A money call's answer: Tranzila's own, or the transaction a lookup found after no answer came. */
type Answer = { kind: 'answered'; code: string; result: TransactionResult; message: string } | { kind: 'found'; found: FoundTransaction };

/** The call got no usable answer: time-out, connection lost, or a 5xx. */
class Unanswered extends Error {}

/** The user field that keeps the duplicate guard (`DCdisable`), whose name the terminal's field list gives. */
const KEY_FIELD_ID = 20;
/** The terminal setting that keeps that name. */
const KEY_FIELD_SETTING = 'key_field';

/**
 * The Tranzila connector, for one merchant's terminal. Every money call carries our idempotency key as
 * the terminal's duplicate guard (`DCdisable`, kept in user field 20): Tranzila refuses a second charge
 * with the same value, and the transaction search finds the call by it. A call with no answer in time
 * is looked up before anything else; it is never sent again blind. A refused duplicate is answered
 * with the transaction it duplicates.
 */
export class TranzilaConnector implements CardProcessor {
  readonly name = 'tranzila';
  readonly capabilities: ProcessorCapabilities;

  /** The name searches filter user field 20 by: from the connection, else asked of Tranzila once. */
  private keyField: Promise<string> | null;

  constructor(
    private readonly credentials: TranzilaCredentials,
    private readonly settings: TranzilaSettings,
    terminal: TerminalSettings = {},
    private readonly now: () => Date = () => new Date(),
  ) {
    this.keyField = terminal[KEY_FIELD_SETTING] ? Promise.resolve(terminal[KEY_FIELD_SETTING]) : null;
    this.capabilities = tranzilaCapabilities(settings.hostedFieldsUrl);
  }

  /** J2 with the card: the number and CVC go to Tranzila in this call only; its token comes back. */
  async tokenize(input: CardInput, now: Date): Promise<{ token: string; card: CardDetails }> {
    const { digits, brand } = checkCard(input, now);
    const answer = await this.post(
      this.settings.apiUrl,
      '/v1/transaction/credit_card/create',
      tokenizeBody(this.credentials.terminal, input),
    ).catch((error: unknown) => {
      throw error instanceof Unanswered ? new ProcessorTimeout('Tranzila') : error;
    });
    const { code, result, message } = this.resultOf(answer);
    if (!approved(code, 'verify') || !result.token) {
      if (code === '006') throw new DomainError('cvc_invalid', 'The security code or ID number was refused by the card issuer', 'card.cvc');
      throw new CardDeclined(`The card was declined: ${message}`);
    }
    const card: CardToken = { token: result.token, expMonth: input.expMonth, expYear: input.expYear, last4: digits.slice(-4), brand };
    return { token: cardTokenText(card), card: this.details(card, null) };
  }

  async authorize(request: AuthorizeRequest): Promise<AuthorizeOutcome> {
    const card = parseCardToken('token' in request.source ? request.source.token : request.source.paymentMethodRef);
    if (!card) return { status: 'declined', code: 'processing_error', soft: false, card: null };
    if (request.installments && request.installments > this.capabilities.installments.max) {
      return { status: 'declined', code: 'processing_error', soft: false, card: null };
    }
    const answer = await this.moneyCall(authorizeBody(this.credentials.terminal, card, request), request.idempotencyKey);
    if (answer.kind === 'found') {
      const found = answer.found;
      return approved(found.processor_response_code, found.txn_type)
        ? { status: 'authorized', processorRef: chargeRefText(chargeRefOf(found)), card: this.details(card, null) }
        : { status: 'declined', ...declineOf(found.processor_response_code), card: this.details(card, null) };
    }
    if (!approved(answer.code, request.capture ? 'debit' : 'verify'))
      return { status: 'declined', ...declineOf(answer.code), card: this.details(card, answer.result) };
    const ref: ChargeRef = {
      transactionId: answer.result.transaction_id!,
      authNumber: answer.result.auth_number ?? '',
      card,
      amount: request.amount,
    };
    return { status: 'authorized', processorRef: chargeRefText(ref), card: this.details(card, answer.result) };
  }

  completeChallenge(): Promise<AuthorizeOutcome> {
    throw new Error('Tranzila does not run 3-D Secure server to server; its capabilities say so');
  }

  /** `force` of the J5: refunds then credit the force's own transaction. */
  async capture(request: { idempotencyKey: string; processorRef: string; amount: number }): Promise<{ processorRef: string }> {
    const hold = parseChargeRef(request.processorRef);
    const forced = await this.followUp(
      'force',
      request.processorRef,
      request.amount,
      request.idempotencyKey,
      (ref) => new ProcessorRefused('charge_not_capturable', `Tranzila refused to charge the hold ${ref}`),
    );
    return {
      processorRef: chargeRefText({
        transactionId: forced.transactionId,
        authNumber: forced.authNumber,
        card: hold!.card,
        amount: request.amount,
      }),
    };
  }

  async void(request: { idempotencyKey: string; processorRef: string }): Promise<void> {
    await this.followUp(
      'reversal',
      request.processorRef,
      null,
      request.idempotencyKey,
      (ref) => new ProcessorRefused('charge_not_capturable', `Tranzila refused to release the hold ${ref}`),
    );
  }

  async refund(request: { idempotencyKey: string; processorRef: string; amount: number }): Promise<void> {
    const bit = parseBitRef(request.processorRef);
    if (bit) return this.refundBit(bit, request.amount);
    await this.followUp(
      'credit',
      request.processorRef,
      request.amount,
      request.idempotencyKey,
      (ref) => new ProcessorRefused('amount_too_large', `Tranzila refused a refund of ${request.amount} agorot on ${ref}`, 'amount'),
    );
  }

  async verify(request: {
    idempotencyKey: string;
    token: string;
  }): Promise<{ ref: string; card: CardDetails } | { declined: DeclineCode }> {
    const card = parseCardToken(request.token);
    if (!card) return { declined: 'processing_error' };
    const answer = await this.moneyCall(verifyBody(this.credentials.terminal, card, request.idempotencyKey), request.idempotencyKey);
    const code = answer.kind === 'found' ? answer.found.processor_response_code : answer.code;
    if (!approved(code, 'verify')) return { declined: declineOf(code).code };
    return { ref: cardTokenText(card), card: this.details(card, answer.kind === 'answered' ? answer.result : null) };
  }

  async lookup(idempotencyKey: string): Promise<LookedUp | null> {
    const found = await this.find(idempotencyKey);
    if (!found) return null;
    return {
      receivedAt: israelTime(found.transaction_date, found.transaction_time),
      outcome: approved(found.processor_response_code, found.txn_type)
        ? { status: 'approved', processorRef: found.credit_card_token ? chargeRefText(chargeRefOf(found)) : null }
        : { status: 'declined', code: declineOf(found.processor_response_code).code },
    };
  }

  isFixture(): boolean {
    return false;
  }

  /**
   * Read-only calls with the credentials: the terminal's user fields, which must name field 20 (the
   * duplicate guard that every lookup searches by), then a search by it, which must answer a list.
   * Either refused, or answering anything else, refuses the connection: a lookup that could never find a
   * transaction would pass silently otherwise.
   */
  async connect(): Promise<TerminalSettings> {
    const keyField = await this.readKeyField();
    this.keyField = Promise.resolve(keyField);
    const answer = await this.search(`kupa_check_${Date.now()}`);
    if (!Array.isArray((answer.json as { transactions?: unknown } | null)?.transactions))
      throw unsuitable(`its transaction search answered HTTP ${answer.status} without a list of transactions`);
    return { [KEY_FIELD_SETTING]: keyField };
  }

  /**
   * Tranzila's Hosted Fields: `prepare` creates a handshake v2 (`POST /v2/handshake/create`), a token
   * (`thtk`) that locks the amount on Tranzila's side (a charge of any other amount is refused there with
   * 912791), for every attempt; `read` reads the payment back from the transaction search.
   */
  readonly hostedFields: HostedFields = {
    prepare: async (request) => hostedChargeParams(this.credentials.terminal, await this.handshake(request.amount), request),
    read: (request) => this.readHosted(request),
  };

  /**
   * Tranzila's Bit API: `start` is `POST /v1/transaction/bit/init`, whose answer's `sale_url` is the page to
   * frame (the docs call it "the sale URL"; public integrations read it as `sale_url`); `read` finds the
   * payment by the attempt's key in field 20. What Tranzila posts to `notify_url` is not documented, and
   * is not needed: a notification only makes Kupa read the payment back.
   */
  readonly bitPage: BitPage = {
    start: (request) => this.startBit(request),
    read: (request) => this.readBit(request),
  };

  private async startBit(request: BitPageRequest): Promise<{ url: string }> {
    const body = bitInitBody(this.credentials.terminal, await this.keyFieldName(), request);
    const answer = await this.post(this.settings.apiUrl, '/v1/transaction/bit/init', body).catch((error: unknown) => {
      throw error instanceof Unanswered ? new ProcessorTimeout('Tranzila') : error;
    });
    const json = (answer.json ?? {}) as { error_code?: string; message?: string; sale_url?: unknown };
    if (json.error_code !== '0' || typeof json.sale_url !== 'string' || !/^https?:\/\//.test(json.sale_url))
      throw new Error(
        `Tranzila refused the Bit payment (HTTP ${answer.status}, error ${json.error_code ?? '?'}): ${json.message ?? 'no message'}`,
      );
    return { url: json.sale_url };
  }

  /** A Bit payment, by the attempt's key: approved only as a sale of the attempt's amount. */
  private async readBit(request: { idempotencyKey: string; amount: number }): Promise<HostedRead> {
    const found = await this.find(request.idempotencyKey);
    if (!found) return { status: 'not_found' };
    if (!approved(found.processor_response_code, found.txn_type))
      return { status: 'declined', ...declineOf(found.processor_response_code), card: null };
    if (agorot(found.amount) !== request.amount) return { status: 'mismatch', field: 'amount' };
    if ((found.txn_type ?? '').toLowerCase() !== 'debit') return { status: 'mismatch', field: 'type' };
    return {
      status: 'authorized',
      processorRef: bitRefText({ transactionId: found.index, amount: request.amount }),
      // Bit shows no card: the charge is a wallet's, with no card details.
      card: { ...UNKNOWN_CARD, fingerprint: '' },
    };
  }

  /**
   * `POST /v1/transaction/bit/refund` takes no key of Kupa's, so a repeat after a lost answer could not be
   * told from a second refund, but Tranzila refunds a Bit payment once: a repeat is answered 20106
   * ("Already refunded"), which is taken as done. So a Bit payment is refunded in full, and only so.
   */
  private async refundBit(ref: BitRef, amount: number): Promise<void> {
    if (amount !== ref.amount)
      throw new ProcessorRefused('amount_too_large', `A Bit payment is refunded in full only (${ref.amount} agorot), once`, 'amount');
    const answer = await this.post(this.settings.apiUrl, '/v1/transaction/bit/refund', {
      terminal_name: this.credentials.terminal,
      transaction_id: Number(ref.transactionId),
      amount: shekels(amount),
    }).catch((error: unknown) => {
      throw error instanceof Unanswered ? new ProcessorTimeout('Tranzila') : error;
    });
    const code = String((answer.json as { error_code?: unknown } | null)?.error_code ?? '');
    if (code === '0' || code === '20106') return;
    // 20107 refund error, 20109 more than the payment, 20110 no such payment: nothing was refunded.
    if (code.startsWith('201'))
      throw new ProcessorRefused('amount_too_large', `Tranzila refused the Bit refund of ${ref.transactionId} (error ${code})`, 'amount');
    throw new Error(`Tranzila answered the Bit refund with HTTP ${answer.status}, error ${code || '?'}`);
  }

  private async handshake(amount: number): Promise<string> {
    const answer = await this.post(this.settings.apiUrl, '/v2/handshake/create', {
      terminal_name: this.credentials.terminal,
      sum: shekels(amount),
    }).catch((error: unknown) => {
      throw error instanceof Unanswered ? new ProcessorTimeout('Tranzila') : error;
    });
    const json = (answer.json ?? {}) as { error_code?: string; message?: string; thtk?: string };
    if (json.error_code !== '0' || !json.thtk)
      throw new Error(
        `Tranzila refused the handshake (HTTP ${answer.status}, error ${json.error_code ?? '?'}): ${json.message ?? 'no message'}`,
      );
    return json.thtk;
  }

  /**
   * A payment the hosted fields made, read from Tranzila: by the transaction index the page reported, or
   * by the attempt's key in user field 20 when it reported none. What the browser reports is never taken
   * as it is: the transaction must carry the attempt's key, its amount, its type (a sale, or a J5 hold)
   * and its number of payments; one that does not is a forged or replayed report (`mismatch`). The docs
   * list no card brand or last four digits among a report row's fields, so those are what the fields
   * showed the shopper (`shown`), for the receipt only; the money is decided by the row alone.
   */
  private async readHosted(request: HostedChargeRequest & { transactionId: string | null; shown?: ShownCard | null }): Promise<HostedRead> {
    let found: FoundTransaction | null;
    if (request.transactionId === null) found = await this.find(request.idempotencyKey);
    else {
      if (!/^\d{1,18}$/.test(request.transactionId)) return { status: 'mismatch', field: 'reference' };
      const answer = await this.post(this.settings.reportUrl, '/v1/transaction', {
        terminal_name: this.credentials.terminal,
        transaction_index: Number(request.transactionId),
      }).catch((error: unknown) => {
        throw error instanceof Unanswered ? new ProcessorTimeout('Tranzila') : error;
      });
      found = (answer.json as { transactions?: FoundTransaction[] } | null)?.transactions?.[0] ?? null;
      if (!found) return { status: 'mismatch', field: 'reference' };
    }
    if (!found) return { status: 'not_found' };
    if (found.user_defined_20 !== request.idempotencyKey) return { status: 'mismatch', field: 'reference' };
    const ref = chargeRefOf(found);
    const card: CardToken = { ...ref.card, last4: request.shown?.last4 ?? UNKNOWN_CARD.last4, brand: request.shown?.brand ?? 'unknown' };
    // A refusal moved nothing, whatever it names.
    if (!approved(found.processor_response_code, found.txn_type))
      return { status: 'declined', ...declineOf(found.processor_response_code), card: this.details(card, null) };
    if (ref.amount !== request.amount) return { status: 'mismatch', field: 'amount' };
    if ((found.txn_type ?? '').toLowerCase() !== (request.capture ? 'debit' : 'verify')) return { status: 'mismatch', field: 'type' };
    if (Number(found.number_of_payments ?? 0) !== (request.installments ?? 0)) return { status: 'mismatch', field: 'installments' };
    return { status: 'authorized', processorRef: chargeRefText(ref), card: this.details(card, null), cardRef: cardTokenText(card) };
  }

  /** A call on an earlier transaction; answers the new transaction's id and authorization number. */
  private async followUp(
    txnType: 'force' | 'reversal' | 'credit',
    processorRef: string,
    amount: number | null,
    key: string,
    refused: (ref: string) => ProcessorRefused,
  ): Promise<{ transactionId: string; authNumber: string }> {
    const ref = parseChargeRef(processorRef);
    if (!ref) throw refused(processorRef);
    const answer = await this.moneyCall(followUpBody(this.credentials.terminal, txnType, ref, amount ?? ref.amount, key), key);
    if (answer.kind === 'found') {
      if (!approved(answer.found.processor_response_code, txnType)) throw refused(ref.transactionId);
      return { transactionId: answer.found.index, authNumber: answer.found.authorization_number };
    }
    if (!approved(answer.code, txnType)) throw refused(ref.transactionId);
    return { transactionId: answer.result.transaction_id!, authNumber: answer.result.auth_number ?? '' };
  }

  /**
   * A call that moves money: sent once; with no answer, or refused as a duplicate of an earlier call
   * with the same key, the transaction is looked up by the key. Found: that is the answer. Not found
   * after no answer: the outcome is unknown (`ProcessorTimeout`), and a later call with the same key
   * is safe, since the terminal's duplicate guard refuses a second charge.
   */
  private async moneyCall(body: TransactionBody, key: string): Promise<Answer> {
    try {
      const answered = this.resultOf(await this.post(this.settings.apiUrl, '/v1/transaction/credit_card/create', body));
      if (answered.code !== DUPLICATE) return answered;
    } catch (error) {
      if (!(error instanceof Unanswered)) throw error;
    }
    const found = await this.find(key);
    if (found) return { kind: 'found', found };
    throw new ProcessorTimeout('Tranzila');
  }

  /** The transactions of the last day with `key` in the duplicate-guard field: the approved one, else the last. */
  private async find(key: string): Promise<FoundTransaction | null> {
    const answer = await this.search(key);
    const found = (answer.json as { transactions?: FoundTransaction[] } | null)?.transactions ?? [];
    return found.find((transaction) => approved(transaction.processor_response_code, transaction.txn_type)) ?? found.at(-1) ?? null;
  }

  /**
   * `POST /v1/transaction` of the report API, filtered by user field 20 under the name the terminal's
   * field list gives it (`api_parameter_name`), which is the terminal's own, not `user_defined_20`.
   */
  private async search(key: string): Promise<{ status: number; json: unknown }> {
    const keyField = await this.keyFieldName();
    const now = this.now();
    return this.post(this.settings.reportUrl, '/v1/transaction', {
      terminal_name: this.credentials.terminal,
      transaction_start_date: israelDate(new Date(now.getTime() - 24 * 60 * 60 * 1000)),
      transaction_end_date: israelDate(now),
      ufields: [{ name: keyField, operator: 'equals', value: key }],
    }).catch((error: unknown) => {
      throw error instanceof Unanswered ? new ProcessorTimeout('Tranzila') : error;
    });
  }

  /** Field 20's name in the terminal: from the connection, else asked of Tranzila once. */
  private keyFieldName(): Promise<string> {
    this.keyField ??= this.readKeyField().catch((error: unknown) => {
      this.keyField = null;
      throw error;
    });
    return this.keyField;
  }

  /** `POST /v1/terminals/settings/fields/list`: the `api_parameter_name` of the terminal's user field 20. */
  private async readKeyField(): Promise<string> {
    const answer = await this.post(this.settings.reportUrl, '/v1/terminals/settings/fields/list', {
      terminal_name: this.credentials.terminal,
    }).catch((error: unknown) => {
      throw error instanceof Unanswered ? new ProcessorTimeout('Tranzila') : error;
    });
    if (!Array.isArray(answer.json)) throw unsuitable(`its list of user fields answered HTTP ${answer.status} without a list`);
    const field = (answer.json as Array<{ field_id?: unknown; api_parameter_name?: unknown }>).find(
      (candidate) => Number(candidate.field_id) === KEY_FIELD_ID,
    );
    if (typeof field?.api_parameter_name !== 'string' || field.api_parameter_name === '')
      throw unsuitable(`user field ${KEY_FIELD_ID} is not set up on it; ask Tranzila to enable it for the duplicate guard`);
    return field.api_parameter_name;
  }

  private resultOf(response: { status: number; json: unknown }): Answer & { kind: 'answered' } {
    const json = (response.json ?? {}) as { error_code?: string; message?: string; transaction_result?: TransactionResult };
    const code = json.transaction_result?.processor_response_code;
    if (!code)
      throw new Error(
        `Tranzila refused the request (HTTP ${response.status}, error ${json.error_code ?? '?'}): ${json.message ?? 'no message'}`,
      );
    return { kind: 'answered', code, result: json.transaction_result!, message: json.message ?? '' };
  }

  private async post(base: string, path: string, body: object): Promise<{ status: number; json: unknown }> {
    let status: number;
    let text: string;
    try {
      const response = await request(new URL(path, base), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signedHeaders(this.credentials, this.now()) },
        body: stringify(body),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
      status = response.statusCode;
      text = await response.body.text();
    } catch (error) {
      throw new Unanswered(`Tranzila did not answer: ${(error as Error).message}`);
    }
    if (status >= 500) throw new Unanswered(`Tranzila answered HTTP ${status}`);
    if (status === 401 || status === 403)
      throw new DomainError('processor_credentials_invalid', "Tranzila refused the terminal's API credentials");
    return { status, json: text ? parse(text) : null };
  }

  private details(card: CardToken, result: TransactionResult | null): CardDetails {
    return {
      brand: card.brand !== 'unknown' ? card.brand : brandOf(result?.card_type_name),
      last4: card.last4 || (result?.last_4 ?? ''),
      expMonth: card.expMonth,
      expYear: card.expYear,
      fingerprint: this.fingerprint(card),
    };
  }

  /** A card's token is the same for every use on the terminal, so its fingerprint is a keyed hash of it. */
  private fingerprint(card: CardToken): string {
    return `fp_${createHmac('sha256', this.settings.fingerprintSecret).update(`tranzila:${card.token}`).digest('hex').slice(0, 24)}`;
  }
}

/** The terminal answers, but not as Kupa needs it to: the merchant's set-up must change before it is connected. */
function unsuitable(why: string): DomainError {
  return new DomainError('processor_terminal_unsuitable', `The Tranzila terminal cannot be connected: ${why}`);
}
