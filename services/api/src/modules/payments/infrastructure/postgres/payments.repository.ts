import type { Period } from '../../../../shared/domain/period';
import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { sqlRows } from '../../../../platform/persistence/sql/statements';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import type { CommitBatch, UnitOfWork } from '../../../../platform/persistence/unit-of-work';
import type { IntentKind } from '../../../../shared/domain/money-intent';
import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type {
  ChargeFilter,
  ChargeOperationRepository,
  ChargeRepository,
  MoneyIntentRepository,
  PaymentAttemptRepository,
  PaymentMethodRepository,
  PendingIntent,
  RefundRepository,
} from '../../application/ports/payment-repositories';
import { Charge } from '../../domain/charge';
import { ChargeOperation } from '../../domain/charge-operation';
import { LATE_PAYMENT_REFUNDED, PaymentAttempt } from '../../domain/payment-attempt';
import { PaymentMethod } from '../../domain/payment-method';
import { Refund } from '../../domain/refund';

const inScope = (scope: Scope) => ({ accountId: scope.accountId, livemode: scope.livemode });

/** What changes on a charge after it is recorded. */
const CHARGES = new AggregateTable(Charge, [
  'status',
  'amountCaptured',
  'amountRefunded',
  'capturedAt',
  'canceledAt',
  'cancellationReason',
  'documentId',
  'processorRef',
]);
/** What changes on a payment attempt after it starts: its state, and the shopper's answer to a challenge. */
const ATTEMPTS = new AggregateTable(
  PaymentAttempt,
  ['status', 'request', 'challengeId', 'chargeId', 'failureCode', 'updatedAt'],
  ['checkout_payment'],
);
const OPERATIONS = new AggregateTable(ChargeOperation, ['status'], ['capture', 'cancel', 'refund']);
/** A card saved without a customer is attached to one later. */
const PAYMENT_METHODS = new AggregateTable(PaymentMethod, ['customerId']);
const REFUNDS = new AggregateTable(Refund, []);

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

@injectable()
export class PgChargeRepository implements ChargeRepository {
  private readonly newCharges: CommitBatch<Charge> = { write: (added) => CHARGES.insert(this.em, added) };

  constructor(
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  addAtCommit(charge: Charge): void {
    this.uow.addAtCommit(this.newCharges, charge);
  }

  saveMany(charges: Charge[]): Promise<void> {
    return CHARGES.save(this.em, charges);
  }

  findById(scope: Scope, id: string): Promise<Charge | null> {
    return CHARGES.findOne(this.em, { ...inScope(scope), id });
  }

  findForUpdate(id: string): Promise<Charge | null> {
    return CHARGES.lock(this.em, id);
  }

  async findManyForUpdate(ids: string[]): Promise<Map<string, Charge>> {
    const charges = await CHARGES.find(this.em, { id: { $in: ids } }, { orderBy: { id: 'asc' }, lock: 'wait' });
    return byId(charges);
  }

  findByIdUnscoped(id: string): Promise<Charge | null> {
    return CHARGES.findOne(this.em, { id }, { fresh: true });
  }

  async findManyUnscoped(ids: string[]): Promise<Map<string, Charge>> {
    return byId(await CHARGES.find(this.em, { id: { $in: ids } }, { fresh: true }));
  }

  async countFailed(scope: Scope, period: Period): Promise<number> {
    const [row] = await sqlRows<{ count: string }>(
      this.em,
      `select count(*) from charges where account_id = $1 and livemode = $2 and status = 'failed' and created_at >= $3 and created_at < $4`,
      [scope.accountId, scope.livemode, period.from, period.before],
    );
    return Number(row.count);
  }

  list(scope: Scope, filter: ChargeFilter, page: PageRequest): Promise<Page<Charge>> {
    const where: FilterQuery<Charge> = inScope(scope);
    if (filter.customer) where.customerId = filter.customer;
    if (filter.status) where.status = filter.status;
    if (filter.last4) where.paymentMethodDetails = { card: { last4: filter.last4 } } as never;
    if (filter.createdFrom || filter.createdTo)
      where.createdAt = { ...(filter.createdFrom && { $gte: filter.createdFrom }), ...(filter.createdTo && { $lt: filter.createdTo }) };
    if (filter.amountMin !== undefined || filter.amountMax !== undefined)
      where.amount = {
        ...(filter.amountMin !== undefined && { $gte: filter.amountMin }),
        ...(filter.amountMax !== undefined && { $lte: filter.amountMax }),
      };
    return CHARGES.page(this.em, where, page);
  }

  // In no order: ordering would sort every due row, whole, for each batch of the sweep.
  lockExpiredHolds(now: Date, limit: number, customers?: string[]): Promise<Charge[]> {
    const where: FilterQuery<Charge> = { status: 'requires_capture', capturableUntil: { $lte: now } };
    if (customers) where.customerId = { $in: customers };
    return CHARGES.find(this.em, where, { limit, lock: 'skip' });
  }
}

@injectable()
export class PgPaymentAttemptRepository implements PaymentAttemptRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  add(attempt: PaymentAttempt): Promise<boolean> {
    return ATTEMPTS.insertUnlessTaken(this.em, attempt);
  }

  save(attempt: PaymentAttempt): Promise<void> {
    return ATTEMPTS.save(this.em, [attempt]);
  }

  findLive(sessionId: string): Promise<PaymentAttempt | null> {
    return ATTEMPTS.first(
      this.em,
      `select * from money_intents
        where subject_id = $1 and kind = 'checkout_payment' and status in ('pending', 'requires_action', 'succeeded')`,
      [sessionId],
    );
  }

  async sessionsWithPending(sessionIds: string[]): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const rows = await sqlRows<{ subject_id: string }>(
      this.em,
      `select subject_id from money_intents where subject_id = any($1) and kind = 'checkout_payment' and status = 'pending'`,
      [sessionIds],
    );
    return new Set(rows.map((row) => row.subject_id));
  }

  findForUpdate(id: string): Promise<PaymentAttempt | null> {
    return ATTEMPTS.lock(this.em, id);
  }

  bitEndedUnpaidSince(since: Date, limit: number): Promise<PaymentAttempt[]> {
    return ATTEMPTS.select(
      this.em,
      `select * from money_intents
        where kind = 'checkout_payment' and status = 'failed' and charge_id is null
          and failure_code is distinct from $3 and request->'source'->>'type' = 'bit_page' and updated_at >= $1
        order by updated_at desc limit $2`,
      [since, limit, LATE_PAYMENT_REFUNDED],
    );
  }

  findById(id: string): Promise<PaymentAttempt | null> {
    return ATTEMPTS.findOne(this.em, { id }, { fresh: true });
  }
}

@injectable()
export class PgMoneyIntentRepository implements MoneyIntentRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async pendingSince(before: Date, limit: number): Promise<PendingIntent[]> {
    const rows = await sqlRows<{ id: string; kind: IntentKind; subject_id: string }>(
      this.em,
      `select id, kind, subject_id from money_intents where status = 'pending' and updated_at < $1 order by updated_at limit $2`,
      [before, limit],
    );
    return rows.map((row) => ({ id: row.id, kind: row.kind, subjectId: row.subject_id }));
  }
}

@injectable()
export class PgChargeOperationRepository implements ChargeOperationRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  add(operation: ChargeOperation): Promise<boolean> {
    return OPERATIONS.insertUnlessTaken(this.em, operation);
  }

  addMany(operations: ChargeOperation[]): Promise<void> {
    return OPERATIONS.insert(this.em, operations);
  }

  saveMany(operations: ChargeOperation[]): Promise<void> {
    return OPERATIONS.save(this.em, operations);
  }

  async findManyForUpdate(ids: string[]): Promise<Map<string, ChargeOperation>> {
    return byId(await OPERATIONS.find(this.em, { id: { $in: ids } }, { orderBy: { id: 'asc' }, lock: 'wait' }));
  }

  findById(id: string): Promise<ChargeOperation | null> {
    return OPERATIONS.findOne(this.em, { id }, { fresh: true });
  }

  async pendingEnds(chargeIds: string[]): Promise<Map<string, ChargeOperation>> {
    const pending = await OPERATIONS.find(
      this.em,
      { chargeId: { $in: chargeIds }, kind: { $in: ['capture', 'cancel'] }, status: 'pending' },
      { fresh: true },
    );
    return new Map(pending.map((operation) => [operation.chargeId, operation]));
  }
}

@injectable()
export class PgPaymentMethodRepository implements PaymentMethodRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async addOnce(method: PaymentMethod): Promise<PaymentMethod> {
    // The unique index on (account, mode, processor reference) keeps the first of two saving the same card.
    await PAYMENT_METHODS.insertUnlessTaken(this.em, method);
    const stored = await PAYMENT_METHODS.first(
      this.em,
      'select * from payment_methods where account_id = $1 and livemode = $2 and processor_ref = $3',
      [method.accountId, method.livemode, method.processorRef],
    );
    return stored!;
  }

  save(method: PaymentMethod): Promise<void> {
    return PAYMENT_METHODS.save(this.em, [method]);
  }

  findById(scope: Scope, id: string): Promise<PaymentMethod | null> {
    return PAYMENT_METHODS.findOne(this.em, { ...inScope(scope), id });
  }

  findManyUnscoped(ids: string[]): Promise<PaymentMethod[]> {
    return PAYMENT_METHODS.find(this.em, { id: { $in: ids } });
  }

  expiringIn(year: number, month: number, afterId: string, limit: number): Promise<PaymentMethod[]> {
    return PAYMENT_METHODS.select(
      this.em,
      `select * from payment_methods where exp_year = $1 and exp_month = $2 and customer_id is not null and id > $3 order by id limit $4`,
      [year, month, afterId, limit],
    );
  }

  list(scope: Scope, filter: { customer?: string }, page: PageRequest): Promise<Page<PaymentMethod>> {
    const where: FilterQuery<PaymentMethod> = inScope(scope);
    if (filter.customer) where.customerId = filter.customer;
    return PAYMENT_METHODS.page(this.em, where, page);
  }

  async detachAll(scope: Scope, customerId: string): Promise<number> {
    const rows = await sqlRows(
      this.em,
      'update payment_methods set customer_id = null where account_id = $1 and livemode = $2 and customer_id = $3 returning id',
      [scope.accountId, scope.livemode, customerId],
    );
    return rows.length;
  }
}

@injectable()
export class PgRefundRepository implements RefundRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  add(refund: Refund): Promise<void> {
    return REFUNDS.insert(this.em, [refund]);
  }

  findById(scope: Scope, id: string): Promise<Refund | null> {
    return REFUNDS.findOne(this.em, { ...inScope(scope), id });
  }

  list(scope: Scope, filter: { charge?: string }, page: PageRequest): Promise<Page<Refund>> {
    const where: FilterQuery<Refund> = inScope(scope);
    if (filter.charge) where.chargeId = filter.charge;
    return REFUNDS.page(this.em, where, page);
  }
}
