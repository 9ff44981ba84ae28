import type { Metrics } from '../../../../platform/metrics/metrics';
import { COMMIT_ORDER, type CommitBatch } from '../../../../platform/persistence/unit-of-work';
import type { Clock } from '../../../../shared/domain/clock';
import type { Page } from '../../../../shared/domain/page';
import type { Scope } from '../../../../shared/domain/scope';
import { InMemoryTable, type InMemoryUnitOfWork, inScope } from '../../../../testing/in-memory-unit-of-work';
import type { Account, GetAccount } from '../../../accounts';
import type { Customer, GetCustomer } from '../../../customers';
import type { EventRecord, RecordEvent } from '../../../events';
import type { IssueDocument, IssueDocumentInput, PrintDocument } from '../../../invoicing';
import type { QueueEmail } from '../../../notifications';
import type { Charge } from '../../domain/charge';
import type { ChargeOperation } from '../../domain/charge-operation';
import type { PaymentAttempt } from '../../domain/payment-attempt';
import type { PaymentMethod } from '../../domain/payment-method';
import type { Refund } from '../../domain/refund';
import { SIMULATED_CAPABILITIES } from '../../infrastructure/processors/simulated/capabilities';
import type { PaymentSettings } from '../../payments.tokens';
import {
  type AuthorizeOutcome,
  type AuthorizeRequest,
  type CardProcessor,
  type LookedUp,
  type ProcessorDirectory,
  ProcessorRefused,
  ProcessorTimeout,
} from '../ports/card-processor';
import type {
  ChargeOperationRepository,
  ChargeRepository,
  PaymentAttemptRepository,
  PaymentMethodRepository,
  RefundRepository,
} from '../ports/payment-repositories';

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));
const page = <T>(items: T[]): Page<T> => ({ items, hasMore: false });

/** How a fake card answers: a hard decline (`declined`), a soft one (`short_of_funds`), or 3-D Secure. */
export type CardBehaviour = 'ok' | 'declined' | 'short_of_funds' | 'challenge';

export class InMemoryCharges implements ChargeRepository {
  readonly table: InMemoryTable<Charge>;
  private readonly newCharges: CommitBatch<Charge> = { write: async (charges) => charges.forEach((charge) => this.table.insert(charge)) };

  constructor(private readonly uow: InMemoryUnitOfWork) {
    this.table = new InMemoryTable(uow);
  }

  addAtCommit(charge: Charge): void {
    this.uow.addAtCommit(this.newCharges, charge);
  }
  async saveMany(charges: Charge[]) {
    charges.forEach((charge) => this.table.save(charge));
  }
  async findById(scope: Scope, id: string) {
    const charge = this.table.get(id);
    return charge && inScope(charge, scope) ? charge : null;
  }
  async findForUpdate(id: string) {
    return this.table.get(id);
  }
  async findManyForUpdate(ids: string[]) {
    return byId(ids.flatMap((id) => this.table.get(id) ?? []));
  }
  async findByIdUnscoped(id: string) {
    return this.table.get(id);
  }
  async findManyUnscoped(ids: string[]) {
    return this.findManyForUpdate(ids);
  }
  async list(scope: Scope) {
    return page(this.table.all().filter((charge) => inScope(charge, scope)));
  }
  async countFailed(scope: Scope, period: { from: Date; before: Date }) {
    return this.table
      .all()
      .filter(
        (charge) =>
          inScope(charge, scope) && charge.status === 'failed' && charge.createdAt >= period.from && charge.createdAt < period.before,
      ).length;
  }
  async lockExpiredHolds(now: Date, limit: number, customers?: string[]) {
    return this.table
      .all()
      .filter((charge) => charge.status === 'requires_capture' && charge.capturableUntil! <= now)
      .filter((charge) => !customers || customers.includes(charge.customerId))
      .slice(0, limit);
  }
}

export class InMemoryOperations implements ChargeOperationRepository {
  readonly table: InMemoryTable<ChargeOperation>;

  constructor(uow: InMemoryUnitOfWork) {
    this.table = new InMemoryTable(uow);
  }

  /** As the partial unique index: one capture or cancellation per hold that has not failed, and ids unique. */
  async add(operation: ChargeOperation) {
    if (this.table.get(operation.id)) return false;
    const isEnd = (kind: string) => kind === 'capture' || kind === 'cancel';
    const taken = this.table
      .all()
      .some((other) => other.chargeId === operation.chargeId && isEnd(other.kind) && isEnd(operation.kind) && other.status !== 'failed');
    if (taken) return false;
    this.table.insert(operation);
    return true;
  }
  async addMany(operations: ChargeOperation[]) {
    operations.forEach((operation) => this.table.insert(operation));
  }
  async saveMany(operations: ChargeOperation[]) {
    operations.forEach((operation) => this.table.save(operation));
  }
  async findManyForUpdate(ids: string[]) {
    return byId(ids.flatMap((id) => this.table.get(id) ?? []));
  }
  async findById(id: string) {
    return this.table.get(id);
  }
  async pendingEnds(chargeIds: string[]) {
    const pending = this.table
      .all()
      .filter((op) => chargeIds.includes(op.chargeId) && (op.kind === 'capture' || op.kind === 'cancel') && op.status === 'pending');
    return new Map(pending.map((op) => [op.chargeId, op]));
  }
}

export class InMemoryRefunds implements RefundRepository {
  readonly table: InMemoryTable<Refund>;

  constructor(uow: InMemoryUnitOfWork) {
    this.table = new InMemoryTable(uow);
  }

  async add(refund: Refund) {
    this.table.insert(refund);
  }
  async findById(scope: Scope, id: string) {
    const refund = this.table.get(id);
    return refund && inScope(refund, scope) ? refund : null;
  }
  async list(scope: Scope) {
    return page(this.table.all().filter((refund) => inScope(refund, scope)));
  }
}

export class InMemoryAttempts implements PaymentAttemptRepository {
  readonly table: InMemoryTable<PaymentAttempt>;

  constructor(uow: InMemoryUnitOfWork) {
    this.table = new InMemoryTable(uow);
  }

  /** As the partial unique index: one attempt in flight or done per session. */
  async add(attempt: PaymentAttempt) {
    if (await this.findLive(attempt.checkoutSessionId)) return false;
    this.table.insert(attempt);
    return true;
  }
  async save(attempt: PaymentAttempt) {
    this.table.save(attempt);
  }
  async findLive(sessionId: string) {
    const live = ['pending', 'requires_action', 'succeeded'];
    return this.table.all().find((attempt) => attempt.checkoutSessionId === sessionId && live.includes(attempt.status)) ?? null;
  }
  async sessionsWithPending(sessionIds: string[]) {
    return new Set(
      this.table
        .all()
        .filter((a) => a.status === 'pending' && sessionIds.includes(a.checkoutSessionId))
        .map((a) => a.checkoutSessionId),
    );
  }
  async findForUpdate(id: string) {
    return this.table.get(id);
  }
  async findById(id: string) {
    return this.table.get(id);
  }

  async bitEndedUnpaidSince(since: Date, limit: number) {
    return this.table
      .all()
      .filter((a) => a.replay().source.type === 'bit_page' && a.endedUnpaid() && a.updatedAt >= since)
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime())
      .slice(0, limit);
  }
}

export class InMemoryPaymentMethods implements PaymentMethodRepository {
  readonly table: InMemoryTable<PaymentMethod>;

  constructor(uow: InMemoryUnitOfWork) {
    this.table = new InMemoryTable(uow);
  }

  async addOnce(method: PaymentMethod) {
    const stored = this.table.all().find((m) => inScope(m, method) && m.processorRef === method.processorRef);
    if (stored) return stored;
    this.table.insert(method);
    return this.table.get(method.id)!;
  }
  async save(method: PaymentMethod) {
    this.table.save(method);
  }
  async findById(scope: Scope, id: string) {
    const method = this.table.get(id);
    return method && inScope(method, scope) ? method : null;
  }
  async expiringIn(year: number, month: number, afterId: string, limit: number) {
    return this.table
      .all()
      .filter((m) => m.expYear === year && m.expMonth === month && m.customerId !== null && m.id > afterId)
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .slice(0, limit);
  }
  async findManyUnscoped(ids: string[]) {
    return ids.flatMap((id) => this.table.get(id) ?? []);
  }
  async list(scope: Scope) {
    return page(this.table.all().filter((method) => inScope(method, scope)));
  }
  async detachAll(scope: Scope, customerId: string) {
    const attached = this.table.all().filter((method) => inScope(method, scope) && method.customerId === customerId);
    for (const method of attached) {
      method.detach();
      this.table.save(method);
    }
    return attached.length;
  }
}

/** The card every fake token and reference stands for. */
const CARD = { brand: 'visa' as const, last4: '4242', expMonth: 12, expYear: 2030, fingerprint: 'fp_test' };

/** What the processor is made to do next with a money call. */
export type Fault = 'timeout' | 'refuse' | 'lost_answer';

/**
 * A card processor in memory, as strict as a gateway about what a key means: a money call with a key
 * it has seen answers as the first did and moves nothing again. `calls` lists every call, `moved` the
 * ones that moved money. `faults` makes the next calls of a kind fail.
 */
export class FakeProcessor implements CardProcessor {
  readonly name = 'simulated';
  readonly capabilities = SIMULATED_CAPABILITIES;
  readonly calls: Array<{ kind: string; idempotencyKey: string; amount?: number }> = [];
  readonly moved: Array<{ kind: string; idempotencyKey: string; amount?: number }> = [];
  readonly faults = new Map<string, Fault[]>();
  /** What `authorize` answers for a token (`ok` when not named). */
  readonly cards = new Map<string, CardBehaviour>();
  private readonly ledger = new Map<string, { at: Date; answer: unknown }>();
  private refs = 0;

  constructor(private readonly clock: Clock) {}

  private async money<T>(kind: string, key: string, amount: number | undefined, act: () => T): Promise<T> {
    this.calls.push({ kind, idempotencyKey: key, amount });
    const fault = this.faults.get(kind)?.shift();
    if (fault === 'timeout') throw new ProcessorTimeout(this.name);
    const seen = this.ledger.get(key);
    if (seen) return seen.answer as T;
    if (fault === 'refuse') throw new ProcessorRefused(kind === 'refund' ? 'amount_too_large' : 'charge_not_capturable', `refused ${kind}`);
    const answer = act();
    this.ledger.set(key, { at: this.clock.now(), answer });
    this.moved.push({ kind, idempotencyKey: key, amount });
    // Done at the processor, but the answer never reached us.
    if (fault === 'lost_answer') throw new ProcessorTimeout(this.name);
    return answer;
  }

  async tokenize(): Promise<never> {
    throw new Error('not used by these specifications');
  }
  authorize(request: AuthorizeRequest): Promise<AuthorizeOutcome> {
    const token = 'token' in request.source ? request.source.token : request.source.paymentMethodRef;
    return this.money('authorize', request.idempotencyKey, request.amount, (): AuthorizeOutcome => {
      const behaviour = this.cards.get(token) ?? 'ok';
      if (behaviour === 'declined') return { status: 'declined', code: 'card_declined', soft: false, card: CARD };
      if (behaviour === 'short_of_funds') return { status: 'declined', code: 'insufficient_funds', soft: true, card: CARD };
      if (behaviour === 'challenge' && !request.merchantInitiated)
        return { status: 'requires_action', challengeId: `3ds_${token}`, card: CARD };
      return { status: 'authorized', processorRef: `ref_${++this.refs}`, card: CARD };
    });
  }
  completeChallenge(request: { idempotencyKey: string; challengeId: string; result: 'authenticated' | 'failed' }) {
    return this.money('complete_challenge', request.idempotencyKey, undefined, (): AuthorizeOutcome =>
      request.result === 'failed'
        ? { status: 'declined', code: 'authentication_failed', soft: true, card: CARD }
        : { status: 'authorized', processorRef: `ref_${++this.refs}`, card: CARD },
    );
  }
  capture(request: { idempotencyKey: string; processorRef: string; amount: number }) {
    return this.money('capture', request.idempotencyKey, request.amount, () => ({ processorRef: request.processorRef }));
  }
  void(request: { idempotencyKey: string; processorRef: string }) {
    return this.money('void', request.idempotencyKey, undefined, () => undefined);
  }
  refund(request: { idempotencyKey: string; processorRef: string; amount: number }) {
    return this.money('refund', request.idempotencyKey, request.amount, () => undefined);
  }
  verify(request: { idempotencyKey: string; token: string }) {
    return this.money('verify', request.idempotencyKey, undefined, () => ({ ref: `pm_ref_${request.token}`, card: CARD }));
  }
  async lookup(idempotencyKey: string): Promise<LookedUp | null> {
    const seen = this.ledger.get(idempotencyKey);
    if (!seen) return null;
    const answer = seen.answer as Partial<{ status: string; code: 'card_declined'; processorRef: string }>;
    return {
      receivedAt: seen.at,
      outcome:
        answer?.status === 'declined'
          ? { status: 'declined', code: answer.code! }
          : { status: 'approved', processorRef: answer?.processorRef ?? null },
    };
  }
  isFixture(): boolean {
    return false;
  }
  async connect() {
    return {};
  }
}

export class FakeDirectory implements ProcessorDirectory {
  constructor(readonly processor: FakeProcessor) {}
  async forScope() {
    return this.processor;
  }
  connector(): CardProcessor {
    return this.processor;
  }
  capabilitiesOf() {
    return SIMULATED_CAPABILITIES;
  }
}

/** What the charge book writes outside payments, recorded: events, documents, emails. */
export class RecordedEffects {
  readonly events: EventRecord[] = [];
  readonly documents: IssueDocumentInput[] = [];
  readonly emails: Array<{ key: string; kind: string }> = [];

  constructor(private readonly uow: InMemoryUnitOfWork) {}

  private readonly eventBatch: CommitBatch<EventRecord> = {
    write: async (records) => void this.events.push(...records),
    order: COMMIT_ORDER.events,
  };

  readonly recordEvent = {
    execute: async (scope: Scope, type: EventRecord['type'], data: object) => this.recordEvent.executeMany([{ scope, type, data }]),
    executeMany: async (records: EventRecord[]) => {
      if (!this.uow.active()) throw new Error('an event is recorded inside the unit of work of its change');
      for (const record of records) this.uow.addAtCommit(this.eventBatch, record);
      return [];
    },
  } as unknown as RecordEvent;

  private issued = 0;
  private readonly documentBatch: CommitBatch<IssueDocumentInput> = {
    write: async (inputs) => void this.documents.push(...inputs),
    order: COMMIT_ORDER.documents,
  };
  private readonly emailBatch: CommitBatch<{ key: string; kind: string }> = {
    write: async (emails) => void this.emails.push(...emails),
    order: COMMIT_ORDER.jobs,
  };

  /** Written with the transaction's last writes, as the service numbers documents; gone if it rolls back. */
  readonly issueDocument = {
    execute: async (_scope: Scope, input: IssueDocumentInput) => {
      if (!this.uow.active()) throw new Error('a document is issued inside the unit of work of its charge');
      this.uow.addAtCommit(this.documentBatch, input);
      return `doc_${++this.issued}`;
    },
  } as unknown as IssueDocument;

  readonly printDocument = { customerLink: (id: string) => `https://pay.example/documents/${id}` } as unknown as PrintDocument;

  /** An email's job is written in the transaction, as the service's job queue does. */
  readonly queueEmail = {
    execute: async (email: { key: string; message: { kind: string } }) =>
      this.uow.addAtCommit(this.emailBatch, { key: email.key, kind: email.message.kind }),
  } as unknown as QueueEmail;

  /** The event types recorded, in order. */
  types(): string[] {
    return this.events.map((event) => event.type);
  }
}

export function fakeAccounts(account: Account): GetAccount {
  return { execute: async () => account } as unknown as GetAccount;
}

export function fakeCustomers(customer: Customer): GetCustomer {
  return { execute: async () => customer, ofRecord: async () => customer } as unknown as GetCustomer;
}

export const noMetrics = { payments: { inc: () => {} } } as unknown as Metrics;

export function settings(overrides: Partial<PaymentSettings> = {}): PaymentSettings {
  return {
    attemptStaleMs: 60_000,
    faults: new Set(),
    fingerprintSecret: 'spec',
    simulatedLatencyMs: 0,
    processors: { tranzilaApiUrl: '', tranzilaReportUrl: '', tranzilaHostedFieldsUrl: '', timeoutMs: 1000 },
    ...overrides,
  };
}
