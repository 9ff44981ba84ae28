import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bitSalePage } from './bit';
import { hostedFieldPage, hostedFieldsScript } from './hosted-fields';

/**
 * A twin of Tranzila's documented server-to-server API (docs.tranzila.com): `POST /v1/transaction/credit_card/create`
 * (txn_type debit, verify with verify_mode 2 = J2 and 5 = J5, force, reversal, credit; tokens; payment
 * plans 1, 6 and 8), the transaction search `POST /v1/transaction`, and handshake v2 (`POST
 * /v2/handshake/create`, a `thtk` locking a sum). It is strict where Tranzila is:
 * every request is signed (`X-tranzila-api-*`: HMAC-SHA256 of the app key keyed by secret + time + nonce;
 * a stale time or a reused nonce is refused), the terminal's duplicate guard (`DCdisable`, kept in user
 * field 20, filtered by the name the terminal's field list `POST /v1/terminals/settings/fields/list` gives
 * it) refuses a second approved charge with the same value for 24 hours, a J5 holds its amount for
 * its window and is forced or reversed once, credits never exceed what was charged. It keeps its own
 * ledger, which `GET /twin/ledger` shows, and has fault modes (`POST /twin/faults`): slow, an answer lost
 * after committing, 5xx, and a hosted-fields charge approved whose page is never told. It also serves a
 * stand-in of the Hosted Fields (`hosted-fields.ts`), whose charge needs a handshake of its exact amount,
 * and the Bit API (`POST /v1/transaction/bit/init` and `/refund`) with a stand-in of Bit's page (`bit.ts`).
 */

export interface TwinTerminal {
  terminal: string;
  appKey: string;
  secret: string;
  /**
   * The `api_parameter_name` of the terminal's user field 20 (the duplicate guard), as its field list
   * answers it and its search filters by it: `order_ref` unless said; null when field 20 is not set up.
   */
  keyField?: string | null;
  /** The code an approved J2/J5 check answers: 000, or 777 as some public clients read it. */
  checkApproved?: '000' | '777';
}

export interface TwinOptions {
  port?: number;
  host?: string;
  terminals: TwinTerminal[];
  /** How long a J5 hold can be forced. */
  holdWindowMs?: number;
}

/**
 * `slow`: answered after a delay; `lost`: committed, then the connection dropped; `error`: a 5xx;
 * `lost_callback` (hosted fields, Bit): approved, and the page is never answered (the Bit frame never
 * goes back), as when the tab closes; `late_notify` (Bit): `notify_url` is called only after the delay.
 */
export type FaultMode = 'slow' | 'lost' | 'error' | 'lost_callback' | 'late_notify';

export interface Transaction {
  index: string;
  terminal: string;
  txnType: 'debit' | 'verify' | 'force' | 'reversal' | 'credit';
  verifyMode: number | null;
  /** Agorot. */
  amount: number;
  token: string;
  last4: string;
  brand: string;
  expMonth: number;
  expYear: number;
  authNumber: string;
  responseCode: string;
  paymentPlan: number;
  installments: number | null;
  firstInstallment: number | null;
  otherInstallments: number | null;
  referenceTxnId: string | null;
  dcdisable: string | null;
  createdAt: Date;
  /** J5 holds: still held, forced or reversed. */
  holdState: 'held' | 'forced' | 'reversed' | null;
  /** A Bit payment (no card), or a card's transaction. */
  channel: 'card' | 'bit';
  /** Sales and forces: how much was credited back. */
  credited: number;
}

/** Test cards, by number: every other valid number is approved. */
const CARD_BEHAVIOR: Record<string, { code: string; j2?: boolean }> = {
  '4000000000000002': { code: '004', j2: true }, // refusal (soft)
  '4000000000000119': { code: '001', j2: true }, // blocked (hard)
  '4000000000009995': { code: '038', j2: true }, // above the card's ceiling
  '4000000000000341': { code: '004', j2: true }, // checks fine, every charge is refused
  '4000000000000127': { code: '004' }, // refused already at the J2 check
  // Enrolled in 3-D Secure, which a server-to-server payment cannot run: refused as 3DS failed.
  '4000002760003184': { code: '900', j2: true },
};

const MESSAGES: Record<string, string> = {
  '000': 'Transaction approved',
  '001': 'Blocked, confiscate card.',
  '004': 'Refusal.',
  '006': 'Incorrect identity number or CVV.',
  '036': 'Expired.',
  '038': 'Cannot execute transaction in excess of credit card ceiling.',
  '173': 'This payment has already been made, please contact the business',
  '401': 'Number of installments greater than the maximum value.',
  '402': 'Number of installments less than the minimum value.',
  '406': 'Total transaction amount different from first payment amount + fixed payment amount * number of installments.',
  '900': '3D Secure Failed',
  '443': 'Cannot perform the operation on the reference transaction.',
  '447': 'Incorrect credit card number.',
};

/** Bit payments must be above ₪5 (docs: "the sum must be over 5 NIS"). */
const BIT_MINIMUM_AGOROT = 501;

const SIGNATURE_WINDOW_S = 300;
const DUPLICATE_GUARD_MS = 24 * 60 * 60 * 1000;
const HANDSHAKE_TTL_MS = 30 * 60 * 1000;

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: number,
    message: string,
  ) {
    super(message);
  }
}

export class TranzilaTwin {
  readonly ledger: Transaction[] = [];
  private server!: Server;
  private readonly nonces = new Map<string, number>();
  private readonly cards = new Map<string, { behavior: string | null; j2: boolean; last4: string; brand: string }>();
  private faults: { mode: FaultMode; remaining: number; delayMs: number } | null = null;
  /** Bit payments started by `bit/init`, by the id in their `sale_url`. */
  readonly bitSales = new Map<string, BitSale>();
  /** Handshake v2 tokens, each with the terminal and the sum (agorot) it locks, and until when. */
  readonly handshakes = new Map<string, { terminal: string; sum: number; until: number }>();
  private clockOffsetMs = 0;
  private nextIndex = 1;
  url = '';

  constructor(private readonly options: TwinOptions) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve));
    const { address, port } = this.server.address() as AddressInfo;
    this.url = `http://${address.includes(':') ? `[${address}]` : address}:${port}`;
    return this;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The next `count` transaction calls (the API's and the hosted fields' charges) meet `mode` (see `FaultMode`). */
  fault(mode: FaultMode, count = 1, delayMs = 1_000): void {
    this.faults = { mode, remaining: count, delayMs };
  }

  /** Moves the twin's clock (what holds expire by) forward. */
  advance(ms: number): void {
    this.clockOffsetMs += ms;
  }

  reset(): void {
    this.ledger.length = 0;
    this.bitSales.clear();
    this.faults = null;
    this.clockOffsetMs = 0;
  }

  private now(): Date {
    return new Date(Date.now() + this.clockOffsetMs);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const raw = await readBody(req);
      const path = new URL(req.url ?? '/', 'http://twin').pathname;
      if (path.startsWith('/twin/')) return this.admin(req.method ?? 'GET', path, raw, res);
      if (path.startsWith('/hosted-fields/')) return await this.hostedFields(req, path, raw, res);
      if (path.startsWith('/bit/sale/')) return await this.bitSalePage(req.method ?? 'GET', path, res);
      if (req.method !== 'POST') throw new Refusal(405, 405, 'Method not allowed');
      const terminal = this.authenticate(req);
      const body = parseBody(raw);
      if (body.terminal_name !== terminal.terminal) throw new Refusal(403, 403, 'The terminal does not belong to this application key');
      if (path === '/v1/transaction/credit_card/create') return await this.transaction(terminal, body, res);
      if (path === '/v1/transaction') return send(res, 200, this.search(terminal, body));
      if (path === '/v1/terminals/settings/fields/list') return send(res, 200, fieldsOf(terminal));
      if (path === '/v2/handshake/create') return send(res, 200, this.handshake(terminal, body));
      if (path === '/v1/transaction/bit/init') return send(res, 200, this.bitInit(terminal, body));
      if (path === '/v1/transaction/bit/refund') return this.bitRefund(terminal, body, res);
      throw new Refusal(404, 404, 'Not found');
    } catch (error) {
      if (error instanceof Refusal) return send(res, error.status, { error_code: error.errorCode, message: error.message });
      send(res, 500, { error_code: 500, message: 'Internal error' });
    }
  }

  private authenticate(req: IncomingMessage): TwinTerminal {
    const header = (name: string) => {
      const value = req.headers[name.toLowerCase()];
      return typeof value === 'string' ? value : '';
    };
    const appKey = header('X-tranzila-api-app-key');
    const time = header('X-tranzila-api-request-time');
    const nonce = header('X-tranzila-api-nonce');
    const token = header('X-tranzila-api-access-token');
    const terminal = this.options.terminals.find((candidate) => candidate.appKey === appKey);
    if (!terminal || !time || !nonce || !token) throw new Refusal(401, 401, 'Authentication headers missing or application key unknown');
    // The authentication page documents the request time in Unix seconds; the Handshake and Bit pages show
    // milliseconds. Both are accepted, told apart by size (a time in seconds stays below 10^11 until 5138).
    const seconds = Number(time) >= 1e11 ? Math.floor(Number(time) / 1000) : Number(time);
    const nowS = Math.floor(Date.now() / 1000);
    if (!/^\d+$/.test(time) || Math.abs(nowS - seconds) > SIGNATURE_WINDOW_S) throw new Refusal(401, 401, 'Request time out of range');
    if (!/^[0-9a-f]{80}$/i.test(nonce)) throw new Refusal(401, 401, 'Nonce must be 80 hexadecimal characters');
    const expected = createHmac('sha256', terminal.secret + time + nonce)
      .update(appKey)
      .digest();
    const given = Buffer.from(token, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Refusal(401, 401, 'Access token does not match');
    for (const [seen, at] of this.nonces) if (at < nowS - 2 * SIGNATURE_WINDOW_S) this.nonces.delete(seen);
    if (this.nonces.has(nonce)) throw new Refusal(401, 401, 'Nonce already used');
    this.nonces.set(nonce, nowS);
    return terminal;
  }

  private async transaction(terminal: TwinTerminal, body: Record<string, unknown>, res: ServerResponse): Promise<void> {
    const fault = this.takeFault();
    if (fault?.mode === 'error') return send(res, 503, { error_code: 503, message: 'Service temporarily unavailable' });
    if (fault?.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    const [status, answer] = this.process(terminal.terminal, body);
    const result = (answer as { transaction_result?: { processor_response_code: string; transaction_id: string } }).transaction_result;
    if (result)
      result.processor_response_code = this.shownCode(
        terminal,
        this.ledger.find((t) => t.index === result.transaction_id)!,
      );
    if (fault?.mode === 'lost') {
      res.socket?.destroy();
      return;
    }
    send(res, status, answer);
  }

  private takeFault(): { mode: FaultMode; delayMs: number } | null {
    if (!this.faults || this.faults.remaining <= 0) return null;
    this.faults.remaining -= 1;
    return { mode: this.faults.mode, delayMs: this.faults.delayMs };
  }

  /** One transaction: checked, recorded in the ledger (approved or refused), answered. */
  private process(terminal: string, body: Record<string, unknown>): [number, object] {
    const txnType = text(body.txn_type) as Transaction['txnType'];
    if (!['debit', 'verify', 'force', 'reversal', 'credit'].includes(txnType)) throw new Refusal(400, 20001, `Unknown txn_type ${txnType}`);
    const verifyMode = txnType === 'verify' ? Number(text(body.verify_mode)) : null;
    if (txnType === 'verify' && verifyMode !== 2 && verifyMode !== 5) throw new Refusal(400, 20002, 'verify_mode must be 2 or 5');
    const amount = itemsTotal(body.items);
    const dcdisable = body.DCdisable === undefined ? null : text(body.DCdisable);
    const now = this.now();
    // The guard is for money: a J2 check moves none.
    if (dcdisable && !(txnType === 'verify' && verifyMode === 2)) {
      const earlier = this.ledger.find(
        (t) =>
          t.terminal === terminal &&
          t.dcdisable === dcdisable &&
          t.responseCode === '000' &&
          now.getTime() - t.createdAt.getTime() < DUPLICATE_GUARD_MS,
      );
      if (earlier) return this.refused(terminal, txnType, '173', { dcdisable });
    }
    const card = this.card(terminal, body, txnType === 'verify' && verifyMode === 2);
    if ('refused' in card) return this.refused(terminal, txnType, card.refused, { dcdisable });
    const plan = this.plan(body, amount);
    if ('refused' in plan) return this.refused(terminal, txnType, plan.refused, { dcdisable });

    let responseCode = '000';
    let reference: Transaction | null = null;
    if (txnType === 'force' || txnType === 'reversal' || txnType === 'credit') {
      reference =
        this.ledger.find((t) => t.terminal === terminal && t.index === text(body.reference_txn_id) && t.responseCode === '000') ?? null;
      const authorized = reference && reference.authNumber === text(body.authorization_number);
      if (!reference || !authorized) responseCode = '443';
      else if (txnType === 'force') {
        const live =
          reference.holdState === 'held' && now.getTime() < reference.createdAt.getTime() + (this.options.holdWindowMs ?? 5 * 86_400_000);
        if (!live || amount > reference.amount || amount <= 0) responseCode = '443';
      } else if (txnType === 'reversal') {
        if (reference.holdState !== 'held') responseCode = '443';
      } else if (
        !(reference.txnType === 'debit' || reference.txnType === 'force') ||
        amount <= 0 ||
        amount > reference.amount - reference.credited
      ) {
        responseCode = '443';
      }
    } else if (card.behavior && !(txnType === 'verify' && verifyMode === 2 && card.j2)) {
      responseCode = card.behavior;
    }
    if (responseCode !== '000') return this.refused(terminal, txnType, responseCode, { dcdisable, card });
    if (txnType === 'force') reference!.holdState = 'forced';
    if (txnType === 'reversal') reference!.holdState = 'reversed';
    if (txnType === 'credit') reference!.credited += amount;
    const transaction = this.record(terminal, txnType, {
      verifyMode,
      amount: txnType === 'reversal' ? reference!.amount : amount,
      card,
      responseCode,
      plan,
      dcdisable,
      referenceTxnId: reference?.index ?? null,
      holdState: verifyMode === 5 ? 'held' : null,
    });
    return [200, { error_code: 0, message: 'Success', transaction_result: this.result(transaction) }];
  }

  private refused(
    terminal: string,
    txnType: Transaction['txnType'],
    code: string,
    details: { dcdisable: string | null; card?: CardOnFile },
  ): [number, object] {
    const transaction = this.record(terminal, txnType, {
      verifyMode: null,
      amount: 0,
      card: details.card ?? { token: '', last4: '', brand: '', expMonth: 0, expYear: 0 },
      responseCode: code,
      plan: { paymentPlan: 1, installments: null, first: null, other: null },
      dcdisable: code === '173' ? null : details.dcdisable,
      referenceTxnId: null,
      holdState: null,
    });
    return [
      400,
      {
        error_code: Number(code),
        message: MESSAGES[code] ?? 'Refusal.',
        transaction_result: { processor_response_code: code, transaction_id: transaction.index },
      },
    ];
  }

  private record(
    terminal: string,
    txnType: Transaction['txnType'],
    fields: {
      verifyMode: number | null;
      amount: number;
      card: CardOnFile;
      responseCode: string;
      plan: Plan;
      dcdisable: string | null;
      referenceTxnId: string | null;
      holdState: Transaction['holdState'];
      channel?: Transaction['channel'];
    },
  ): Transaction {
    const transaction: Transaction = {
      index: String(this.nextIndex++),
      terminal,
      txnType,
      verifyMode: fields.verifyMode,
      amount: fields.amount,
      token: fields.card.token,
      last4: fields.card.last4,
      brand: fields.card.brand,
      expMonth: fields.card.expMonth,
      expYear: fields.card.expYear,
      authNumber: fields.responseCode === '000' ? String(randomInt(1_000_000, 9_999_999)) : '',
      responseCode: fields.responseCode,
      paymentPlan: fields.plan.paymentPlan,
      installments: fields.plan.installments,
      firstInstallment: fields.plan.first,
      otherInstallments: fields.plan.other,
      referenceTxnId: fields.referenceTxnId,
      dcdisable: fields.dcdisable,
      createdAt: this.now(),
      holdState: fields.holdState,
      credited: 0,
      channel: fields.channel ?? 'card',
    };
    this.ledger.push(transaction);
    return transaction;
  }

  private result(t: Transaction): object {
    return {
      processor_response_code: t.responseCode,
      transaction_id: t.index,
      auth_number: t.authNumber,
      amount: decimal(t.amount),
      token: t.token,
      last_4: t.last4,
      card_type_name: t.brand,
      expiry_month: t.expMonth,
      expiry_year: t.expYear % 100,
      payment_plan: String(t.paymentPlan),
      txn_type: t.txnType,
      ...(t.verifyMode ? { verify_mode: t.verifyMode } : {}),
    };
  }

  /** The card a transaction names: the number itself (checked, tokenized) or a token this terminal issued. */
  private card(
    terminal: string,
    body: Record<string, unknown>,
    j2: boolean,
  ): (CardOnFile & { behavior: string | null; j2: boolean }) | { refused: string } {
    const number = text(body.card_number);
    const expMonth = Number(text(body.expire_month));
    const expYear = 2000 + (Number(text(body.expire_year)) % 100);
    if (!(expMonth >= 1 && expMonth <= 12) || !expYear) throw new Refusal(400, 20003, 'expire_month and expire_year are required');
    if (Date.UTC(expYear, expMonth, 1) <= this.now().getTime()) return { refused: '036' };
    const known = this.cards.get(`${terminal}:${number}`);
    if (known) return { token: number, last4: known.last4, brand: known.brand, expMonth, expYear, behavior: known.behavior, j2: known.j2 };
    if (!/^\d{8,19}$/.test(number) || !luhn(number)) return { refused: '447' };
    if (!/^\d{3,4}$/.test(text(body.cvv))) return { refused: '006' };
    const behavior = CARD_BEHAVIOR[number] ?? null;
    if (j2 && behavior && !behavior.j2) return { refused: behavior.code };
    const token = tokenFor(terminal, number);
    const card = {
      behavior: behavior?.code ?? null,
      j2: behavior?.j2 ?? true,
      last4: number.slice(-4),
      brand: /^4/.test(number) ? 'Visa' : /^5/.test(number) ? 'Mastercard' : 'Isracard',
    };
    this.cards.set(`${terminal}:${token}`, card);
    return { token, last4: card.last4, brand: card.brand, expMonth, expYear, behavior: card.behavior, j2: card.j2 };
  }

  /** Payment plans: 1 regular, 8 installments (first + other × (n − 1) = total), 6 the issuer's credit. */
  private plan(body: Record<string, unknown>, amount: number): Plan | { refused: string } {
    const paymentPlan = body.payment_plan === undefined ? 1 : Number(text(body.payment_plan));
    if (paymentPlan === 1) return { paymentPlan, installments: null, first: null, other: null };
    if (paymentPlan !== 8 && paymentPlan !== 6) throw new Refusal(400, 20004, `Unknown payment_plan ${paymentPlan}`);
    const installments = Number(text(body.installments_number));
    if (!Number.isInteger(installments) || installments < 2) return { refused: '402' };
    if (installments > 36) return { refused: '401' };
    if (paymentPlan === 6) return { paymentPlan, installments, first: null, other: null };
    const first = agorotOf(text(body.first_installment_amount));
    const other = agorotOf(text(body.other_installments_amount));
    if (first + other * (installments - 1) !== amount) return { refused: '406' };
    return { paymentPlan, installments, first, other };
  }

  private search(terminal: TwinTerminal, body: Record<string, unknown>): object {
    const index = body.transaction_index === undefined ? null : text(body.transaction_index);
    const start = text(body.transaction_start_date);
    const end = text(body.transaction_end_date);
    if (index === null && !(/^\d{4}-\d{2}-\d{2}$/.test(start) && /^\d{4}-\d{2}-\d{2}$/.test(end))) {
      throw new Refusal(400, 20010, 'transaction_start_date and transaction_end_date (YYYY-MM-DD) are required without transaction_index');
    }
    // A filter by a name the terminal's fields do not have (`user_defined_20` itself, say) finds nothing.
    const keyField = keyFieldOf(terminal);
    const fields = Array.isArray(body.ufields) ? (body.ufields as Array<Record<string, unknown>>) : [];
    const matches = this.ledger.filter((t) => {
      if (t.terminal !== terminal.terminal) return false;
      if (index !== null) return t.index === index;
      const day = israelDate(t.createdAt);
      if (day < start || day > end) return false;
      return fields.every(
        (field) => text(field.name) === keyField && text(field.operator) === 'equals' && t.dcdisable === text(field.value),
      );
    });
    return { error_code: 0, total: matches.length, rows: matches.length, transactions: matches.map((t) => this.row(terminal, t)) };
  }

  /**
   * `POST /v2/handshake/create`: a `thtk` that locks `sum` for the terminal. The docs call it time-limited
   * without saying for how long; the twin keeps it for 30 minutes.
   */
  private handshake(terminal: TwinTerminal, body: Record<string, unknown>): object {
    const sum = agorotOf(text(body.sum));
    if (sum <= 0) throw new Refusal(400, 20005, 'sum must be above zero');
    const thtk = randomBytes(16).toString('hex');
    this.handshakes.set(thtk, { terminal: terminal.terminal, sum, until: this.now().getTime() + HANDSHAKE_TTL_MS });
    return { error_code: 0, message: 'Success', thtk };
  }

  /**
   * The hosted fields: the script, each field's page, and the charge the card number's field sends with
   * the card. A charge names its terminal and carries a handshake (`thtk`) that locked its amount: a
   * missing or expired one, or another amount, is refused with 912791 and moves nothing. `tran_mode` A
   * is a sale and V a J5 hold, as public integrations send them. Faults apply as to the API, and
   * `lost_callback` approves and never answers the page.
   */
  private async hostedFields(req: IncomingMessage, path: string, raw: string, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://twin');
    if (req.method === 'GET' && path === '/hosted-fields/thostedf.js') {
      res.writeHead(200, { 'content-type': 'application/javascript; charset=utf-8' });
      return void res.end(hostedFieldsScript(this.url));
    }
    if (req.method === 'GET' && path === '/hosted-fields/field') {
      const parent = url.searchParams.get('parent') ?? '';
      if (!/^https?:\/\/[^/]+$/.test(parent)) throw new Refusal(400, 400, 'parent must be an origin');
      // Framed by the payment page, which may itself be framed (an embedded checkout): the docs say nothing of
      // which ancestors Tranzila allows, so the twin allows any, and posts the card's answer to `parent` alone.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(hostedFieldPage(url.searchParams.get('name') ?? '', url.searchParams.get('placeholder') ?? '', parent));
    }
    if (req.method !== 'POST' || path !== '/hosted-fields/charge') throw new Refusal(404, 404, 'Not found');
    const body = parseBody(raw);
    const terminal = this.options.terminals.find((candidate) => candidate.terminal === text(body.terminal_name));
    if (!terminal) return send(res, 200, { errors: [{ code: '403', message: 'Unknown terminal' }] });
    const amount = agorotOf(text(body.amount));
    const locked = this.handshakes.get(text(body.thtk));
    if (!locked || locked.terminal !== terminal.terminal || locked.sum !== amount || locked.until <= this.now().getTime())
      return send(res, 200, { errors: [{ code: '912791', message: 'The amount does not match the handshake' }] });
    const card = (body.card ?? {}) as Record<string, unknown>;
    const [month, year] = text(card.expiry)
      .split('/')
      .map((part) => part.trim());
    const hold = text(body.tran_mode) === 'V';
    const fault = this.takeFault();
    if (fault?.mode === 'error') return send(res, 503, { errors: [{ code: '503', message: 'Service unavailable' }] });
    let answer: object;
    try {
      [, answer] = this.process(terminal.terminal, {
        txn_type: hold ? 'verify' : 'debit',
        ...(hold ? { verify_mode: '5' } : {}),
        card_number: text(card.credit_card_number).replace(/\s/g, ''),
        expire_month: month ?? '',
        expire_year: year ?? '',
        cvv: text(card.cvv),
        txn_currency_code: text(body.currency_code) || 'ILS',
        ...(body.payment_plan === undefined ? {} : { payment_plan: text(body.payment_plan) }),
        ...(body.total_installments_number === undefined
          ? {}
          : {
              installments_number: text(body.total_installments_number),
              first_installment_amount: text(body.first_installment_amount),
              other_installments_amount: text(body.other_installments_amount),
            }),
        items: [{ name: 'Hosted fields payment', unit_price: decimal(amount), units_number: '1' }],
        ...(body.DCdisable === undefined ? {} : { DCdisable: text(body.DCdisable) }),
      });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      return send(res, 200, { errors: [{ code: String(error.errorCode), message: error.message }] });
    }
    if (fault?.mode === 'lost') return void res.socket?.destroy();
    if (fault?.mode === 'lost_callback') return;
    const result = (answer as { transaction_result: { processor_response_code: string; transaction_id: string } }).transaction_result;
    const transaction = this.ledger.find((t) => t.index === result.transaction_id)!;
    const shown = (answer as { transaction_result: { last_4?: string; card_type_name?: string } }).transaction_result;
    send(res, 200, {
      transaction_response: {
        success: transaction.responseCode === '000',
        transaction_id: transaction.index,
        processor_response_code: this.shownCode(terminal, transaction),
        card_type_name: shown.card_type_name ?? null,
        last_4: shown.last_4 ?? null,
      },
    });
  }

  /**
   * `POST /v1/transaction/bit/init`, checked as its page lists the keys: shekels only, a debit, the three
   * URLs, items (whose sum must be over ₪5), the response language, and `user_defined_fields` named as
   * the terminal's fields are. Answers the page to frame (`sale_url`).
   */
  private bitInit(terminal: TwinTerminal, body: Record<string, unknown>): object {
    if (text(body.txn_currency_code) !== 'ILS') throw new Refusal(400, 20101, 'Bit takes ILS only');
    if (text(body.txn_type) !== 'debit') throw new Refusal(400, 20102, 'txn_type must be debit');
    const urls = ['success_url', 'failure_url', 'notify_url'].map((key) => text(body[key]));
    if (!urls.every((url) => /^https?:\/\/\S+$/.test(url)))
      throw new Refusal(400, 20103, 'success_url, failure_url and notify_url are required');
    if (!/^\d{1,2}$/.test(text(body.expire_month))) throw new Refusal(400, 20104, 'expire_month is required');
    const language = text(body.response_language);
    if (language !== 'english' && language !== 'hebrew') throw new Refusal(400, 20105, 'response_language must be english or hebrew');
    const amount = itemsTotal(body.items);
    if (amount < BIT_MINIMUM_AGOROT) throw new Refusal(400, 20108, 'The sum must be over 5 NIS');
    const fields = Array.isArray(body.user_defined_fields) ? (body.user_defined_fields as Array<Record<string, unknown>>) : [];
    const known = fieldsOf(terminal).map((field) => (field as { api_parameter_name: string }).api_parameter_name);
    if (fields.some((field) => !known.includes(text(field.name))))
      throw new Refusal(400, 20111, 'user_defined_fields must name user fields of the terminal');
    const key = fields.find((field) => text(field.name) === keyFieldOf(terminal));
    const id = randomBytes(12).toString('hex');
    this.bitSales.set(id, {
      id,
      terminal: terminal.terminal,
      amount,
      key: key ? text(key.value) : null,
      successUrl: urls[0],
      failureUrl: urls[1],
      notifyUrl: urls[2],
      language,
      state: 'open',
    });
    return { error_code: 0, message: 'Success', sale_url: `${this.url}/bit/sale/${id}` };
  }

  /**
   * Bit's page (`GET /bit/sale/:id`), and the shopper's answer in the app (`POST .../approve` or
   * `.../decline`): the payment is recorded (approved, or refused with 004), `notify_url` is called (its
   * body is not documented: the twin posts a few form fields), and the frame goes to `success_url` or
   * `failure_url`. Faults: `lost_callback` never sends the frame back; `late_notify` calls `notify_url`
   * only after the delay. An answer may come after the shopper left the page: the app does not know.
   */
  private async bitSalePage(method: string, path: string, res: ServerResponse): Promise<void> {
    const [, , , id, answer] = path.split('/');
    const sale = this.bitSales.get(id ?? '');
    if (!sale) throw new Refusal(404, 404, 'Not found');
    if (method === 'GET' && answer === undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(bitSalePage({ id: sale.id, amount: decimal(sale.amount), language: sale.language, state: sale.state }));
    }
    if (method !== 'POST' || (answer !== 'approve' && answer !== 'decline') || sale.state !== 'open')
      throw new Refusal(409, 409, 'The sale is not open');
    const approved = answer === 'approve';
    sale.state = approved ? 'approved' : 'declined';
    const transaction = this.record(sale.terminal, 'debit', {
      verifyMode: null,
      amount: sale.amount,
      card: { token: '', last4: '', brand: '', expMonth: 0, expYear: 0 },
      responseCode: approved ? '000' : '004',
      plan: { paymentPlan: 1, installments: null, first: null, other: null },
      dcdisable: sale.key,
      referenceTxnId: null,
      holdState: null,
      channel: 'bit',
    });
    const fault = this.takeFault();
    const notify = () =>
      fetch(sale.notifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ transaction_id: transaction.index, Response: transaction.responseCode, sum: decimal(sale.amount) }),
        signal: AbortSignal.timeout(5_000),
      }).catch(() => undefined);
    if (fault?.mode === 'late_notify') setTimeout(() => void notify(), fault.delayMs);
    else await notify();
    if (fault?.mode === 'lost_callback') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      return void res.end(bitSalePage({ id: sale.id, amount: decimal(sale.amount), language: sale.language, state: sale.state }));
    }
    res.writeHead(303, { location: approved ? sale.successUrl : sale.failureUrl });
    res.end();
  }

  /**
   * `POST /v1/transaction/bit/refund` by the Bit payment's `transaction_id`: answered 200 with an
   * application error code, as its page says (20106 already refunded, 20107 refund error, 20109 more than
   * the payment, 20110 no such payment). A payment is refunded once. Faults apply as to the API.
   */
  private async bitRefund(terminal: TwinTerminal, body: Record<string, unknown>, res: ServerResponse): Promise<void> {
    const fault = this.takeFault();
    if (fault?.mode === 'error') return send(res, 503, { error_code: 503, message: 'Service temporarily unavailable' });
    if (fault?.mode === 'slow') await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
    const paid = this.ledger.find(
      (t) => t.terminal === terminal.terminal && t.channel === 'bit' && t.index === text(body.transaction_id) && t.responseCode === '000',
    );
    const amount = agorotOf(text(body.amount));
    let answer: object;
    if (!paid) answer = { error_code: 20110, message: 'Pending transaction not found' };
    else if (paid.credited > 0) answer = { error_code: 20106, message: 'Already refunded' };
    else if (amount > paid.amount || amount <= 0)
      answer = { error_code: 20109, message: 'Refund amount is greater than original transaction amount' };
    else {
      paid.credited = amount;
      const refund = this.record(terminal.terminal, 'credit', {
        verifyMode: null,
        amount,
        card: { token: '', last4: '', brand: '', expMonth: 0, expYear: 0 },
        responseCode: '000',
        plan: { paymentPlan: 1, installments: null, first: null, other: null },
        dcdisable: null,
        referenceTxnId: paid.index,
        holdState: null,
        channel: 'bit',
      });
      answer = { error_code: 0, message: 'Success', transaction_id: refund.index };
    }
    if (fault?.mode === 'lost') return void res.socket?.destroy();
    send(res, 200, answer);
  }

  /** The code a transaction is answered and listed with: a J2/J5 check's approval as the terminal says it. */
  private shownCode(terminal: TwinTerminal, t: Transaction): string {
    return t.responseCode === '000' && t.txnType === 'verify' ? (terminal.checkApproved ?? '000') : t.responseCode;
  }

  private row(terminal: TwinTerminal, t: Transaction): object {
    const [date, time] = israelDateTime(t.createdAt);
    return {
      index: t.index,
      transaction_date: date,
      transaction_time: time,
      amount: decimal(t.amount),
      credit_card_token: t.token,
      expiration_month: String(t.expMonth).padStart(2, '0'),
      expiration_year: String(t.expYear % 100).padStart(2, '0'),
      authorization_number: t.authNumber,
      processor_response_code: this.shownCode(terminal, t),
      txn_type: t.txnType.toUpperCase(),
      payment_plan: String(t.paymentPlan),
      number_of_payments: String(t.installments ?? 0),
      first_payment_amount: decimal(t.firstInstallment ?? 0),
      other_payment_amount: decimal(t.otherInstallments ?? 0),
      user_defined_20: t.dcdisable ?? '',
    };
  }

  private admin(method: string, path: string, raw: string, res: ServerResponse): void {
    if (method === 'GET' && path === '/twin/ledger') return send(res, 200, { transactions: this.ledger });
    const body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    if (method === 'POST' && path === '/twin/faults') {
      this.fault(body.mode as FaultMode, Number(body.count ?? 1), Number(body.delay_ms ?? 1_000));
      return send(res, 200, { ok: true });
    }
    if (method === 'POST' && path === '/twin/clock') {
      this.advance(Number(body.advance_ms ?? 0));
      return send(res, 200, { now: this.now().toISOString() });
    }
    if (method === 'POST' && path === '/twin/reset') {
      this.reset();
      return send(res, 200, { ok: true });
    }
    send(res, 404, { error_code: 404, message: 'Not found' });
  }
}

type CardOnFile = { token: string; last4: string; brand: string; expMonth: number; expYear: number };
interface BitSale {
  id: string;
  terminal: string;
  amount: number;
  /** The value of the terminal's field 20 among `user_defined_fields`: the duplicate guard the search finds it by. */
  key: string | null;
  successUrl: string;
  failureUrl: string;
  notifyUrl: string;
  language: 'hebrew' | 'english';
  state: 'open' | 'approved' | 'declined';
}
type Plan = { paymentPlan: number; installments: number | null; first: number | null; other: number | null };

/** The name of the terminal's user field 20, or null when it has none. */
function keyFieldOf(terminal: TwinTerminal): string | null {
  return terminal.keyField === undefined ? 'order_ref' : terminal.keyField;
}

/** `POST /v1/terminals/settings/fields/list`: the terminal's configured user fields, as the report API lists them. */
function fieldsOf(terminal: TwinTerminal): object[] {
  const field = (fieldId: number, name: string, caption: string) => ({
    terminal_id: terminal.terminal,
    field_id: fieldId,
    api_parameter_name: name,
    caption,
    default_value: null,
    display_order: null,
    mandatory: 'N',
    data_type: 'string',
    update_date: '2026-01-01 10:00:00',
  });
  const keyField = keyFieldOf(terminal);
  return [...(keyField ? [field(20, keyField, 'Order reference')] : []), field(5, 'email', 'דואר אלקטרוני')];
}

export function startTranzilaTwin(options: TwinOptions): Promise<TranzilaTwin> {
  return new TranzilaTwin(options).start();
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** JSON with every number kept as its text, so amounts in shekels are read exactly. */
function parseBody(raw: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(
      raw.replace(/"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g, (token) => (token.startsWith('"') ? token : `"${token}"`)),
    );
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new Refusal(400, 400, 'The body must be a JSON object');
}

function send(res: ServerResponse, status: number, body: object): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : value === undefined || value === null ? '' : String(value);
}

function agorotOf(value: string): number {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) throw new Refusal(400, 20005, `Not an amount: ${value}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function decimal(agorot: number): string {
  const digits = String(agorot).padStart(3, '0');
  return `${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function itemsTotal(items: unknown): number {
  if (!Array.isArray(items) || items.length === 0) throw new Refusal(400, 20006, 'items are required');
  return items.reduce(
    (sum: number, item: Record<string, unknown>) => sum + agorotOf(text(item.unit_price)) * Number(text(item.units_number) || '1'),
    0,
  );
}

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** A terminal's token for a card: the same card always gets the same one, and it reveals nothing of the number. */
function tokenFor(terminal: string, number: string): string {
  const hash = createHash('sha256').update(`${terminal}:${number}`).digest('hex');
  return `T${hash.slice(0, 14)}${number.slice(-4)}`;
}

function israelDateTime(at: Date): [string, string] {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Asia/Jerusalem',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  return [`${parts.year}-${parts.month}-${parts.day}`, `${parts.hour}:${parts.minute}:${parts.second}`];
}

function israelDate(at: Date): string {
  return israelDateTime(at)[0];
}
