import { type EntityManager, type FilterQuery, LockMode } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { paginate } from '../../../../platform/persistence/pagination';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { findBySql, insertEntities, insertUnlessTaken, saveProperties } from '../../../../platform/persistence/transaction-connection';
import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type {
  ChargeOperationRepository,
  ChargeRepository,
  PaymentAttemptRepository,
  PaymentMethodRepository,
  RefundRepository,
} from '../../application/ports/payment-repositories';
import { Charge, type ChargeStatus } from '../../domain/charge';
import { ChargeOperation } from '../../domain/charge-operation';
import { PaymentAttempt } from '../../domain/payment-attempt';
import { PaymentMethod } from '../../domain/payment-method';
import { Refund } from '../../domain/refund';

const inScope = (scope: Scope) => ({ accountId: scope.accountId, livemode: scope.livemode });

const byId = <T extends { id: string }>(rows: T[]) => new Map(rows.map((row) => [row.id, row]));

/** What changes on a payment attempt after it starts: its state, and the shopper's answer to a challenge. */
const ATTEMPT_CHANGES: Array<keyof PaymentAttempt & string> = ['status', 'request', 'challengeId', 'chargeId', 'failureCode', 'updatedAt'];

/** What changes on a charge after it is recorded. */
const CHARGE_CHANGES: Array<keyof Charge & string> = [
  'status',
  'amountCaptured',
  'amountRefunded',
  'capturedAt',
  'canceledAt',
  'cancellationReason',
  'documentId',
  'processorRef',
];

@injectable()
export class MikroOrmChargeRepository implements ChargeRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async addMany(charges: Charge[]): Promise<void> {
    await insertEntities(this.em, charges);
  }

  saveMany(charges: Charge[]): Promise<void> {
    return saveProperties(this.em, charges, CHARGE_CHANGES);
  }

  findById(scope: Scope, id: string): Promise<Charge | null> {
    return this.em.findOne(Charge, { ...inScope(scope), id });
  }

  findForUpdate(id: string): Promise<Charge | null> {
    return this.em.findOne(Charge, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  async findManyForUpdate(ids: string[]): Promise<Map<string, Charge>> {
    const charges = await this.em.find(
      Charge,
      { id: { $in: ids } },
      { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
    );
    return byId(charges);
  }

  findByIdUnscoped(id: string): Promise<Charge | null> {
    return this.em.findOne(Charge, { id }, { refresh: true });
  }

  async findManyUnscoped(ids: string[]): Promise<Map<string, Charge>> {
    return byId(await this.em.find(Charge, { id: { $in: ids } }, { refresh: true }));
  }

  list(scope: Scope, filter: { customer?: string; status?: ChargeStatus }, page: PageRequest): Promise<Page<Charge>> {
    const where: FilterQuery<Charge> = inScope(scope);
    if (filter.customer) where.customerId = filter.customer;
    if (filter.status) where.status = filter.status;
    return paginate(this.em, Charge, where, page);
  }

  // In no order: ordering would sort every due row, whole, for each batch of the sweep.
  lockExpiredHolds(now: Date, limit: number, customers?: string[]): Promise<Charge[]> {
    const where: FilterQuery<Charge> = { status: 'requires_capture', capturableUntil: { $lte: now } };
    if (customers) where.customerId = { $in: customers };
    return this.em.find(Charge, where, { limit, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE, refresh: true });
  }
}

@injectable()
export class MikroOrmPaymentAttemptRepository implements PaymentAttemptRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  add(attempt: PaymentAttempt): Promise<boolean> {
    return insertUnlessTaken(this.em, attempt);
  }

  save(attempt: PaymentAttempt): Promise<void> {
    return saveProperties(this.em, [attempt], ATTEMPT_CHANGES);
  }

  async findLive(sessionId: string): Promise<PaymentAttempt | null> {
    const live = await findBySql(
      this.em,
      PaymentAttempt,
      `select * from payment_attempts where checkout_session_id = $1 and status in ('pending', 'requires_action', 'succeeded')`,
      [sessionId],
    );
    return live[0] ?? null;
  }

  async sessionsWithPending(sessionIds: string[]): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const rows = await this.em.find(
      PaymentAttempt,
      { checkoutSessionId: { $in: sessionIds }, status: 'pending' },
      { fields: ['checkoutSessionId'] },
    );
    return new Set(rows.map((row) => row.checkoutSessionId));
  }

  async findForUpdate(id: string): Promise<PaymentAttempt | null> {
    return (await findBySql(this.em, PaymentAttempt, 'select * from payment_attempts where id = $1 for update', [id]))[0] ?? null;
  }

  async findById(id: string): Promise<PaymentAttempt | null> {
    return (await findBySql(this.em, PaymentAttempt, 'select * from payment_attempts where id = $1', [id]))[0] ?? null;
  }

  pendingSince(before: Date, limit: number): Promise<PaymentAttempt[]> {
    return this.em.find(
      PaymentAttempt,
      { status: 'pending', updatedAt: { $lt: before } },
      { orderBy: { updatedAt: 'asc' }, limit, refresh: true },
    );
  }
}

@injectable()
export class MikroOrmChargeOperationRepository implements ChargeOperationRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  add(operation: ChargeOperation): Promise<boolean> {
    return insertUnlessTaken(this.em, operation);
  }

  async addMany(operations: ChargeOperation[]): Promise<void> {
    await insertEntities(this.em, operations);
  }

  saveMany(operations: ChargeOperation[]): Promise<void> {
    return saveProperties(this.em, operations, ['status']);
  }

  async findManyForUpdate(ids: string[]): Promise<Map<string, ChargeOperation>> {
    return byId(
      await this.em.find(
        ChargeOperation,
        { id: { $in: ids } },
        { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true },
      ),
    );
  }

  findById(id: string): Promise<ChargeOperation | null> {
    return this.em.findOne(ChargeOperation, { id }, { refresh: true });
  }

  async pendingEnds(chargeIds: string[]): Promise<Map<string, ChargeOperation>> {
    const pending = await this.em.find(
      ChargeOperation,
      { chargeId: { $in: chargeIds }, kind: { $in: ['capture', 'cancel'] }, status: 'pending' },
      { refresh: true },
    );
    return new Map(pending.map((operation) => [operation.chargeId, operation]));
  }

  pendingSince(before: Date, limit: number): Promise<ChargeOperation[]> {
    return this.em.find(
      ChargeOperation,
      { status: 'pending', createdAt: { $lt: before } },
      { orderBy: { createdAt: 'asc' }, limit, refresh: true },
    );
  }
}

@injectable()
export class MikroOrmPaymentMethodRepository implements PaymentMethodRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async addOnce(method: PaymentMethod): Promise<PaymentMethod> {
    await this.em.createQueryBuilder(PaymentMethod).insert(method).onConflict(['accountId', 'livemode', 'processorRef']).ignore().execute();
    const stored = await this.em.findOne(PaymentMethod, {
      accountId: method.accountId,
      livemode: method.livemode,
      processorRef: method.processorRef,
    });
    return stored!;
  }

  async save(method: PaymentMethod): Promise<void> {
    await this.em.nativeUpdate(PaymentMethod, { id: method.id }, { customerId: method.customerId });
  }

  findById(scope: Scope, id: string): Promise<PaymentMethod | null> {
    return this.em.findOne(PaymentMethod, { ...inScope(scope), id });
  }

  findManyUnscoped(ids: string[]): Promise<PaymentMethod[]> {
    return this.em.find(PaymentMethod, { id: { $in: ids } });
  }

  list(scope: Scope, filter: { customer?: string }, page: PageRequest): Promise<Page<PaymentMethod>> {
    const where: FilterQuery<PaymentMethod> = inScope(scope);
    if (filter.customer) where.customerId = filter.customer;
    return paginate(this.em, PaymentMethod, where, page);
  }
}

@injectable()
export class MikroOrmRefundRepository implements RefundRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async add(refund: Refund): Promise<void> {
    await insertEntities(this.em, [refund]);
  }

  findById(scope: Scope, id: string): Promise<Refund | null> {
    return this.em.findOne(Refund, { ...inScope(scope), id });
  }

  list(scope: Scope, filter: { charge?: string }, page: PageRequest): Promise<Page<Refund>> {
    const where: FilterQuery<Refund> = inScope(scope);
    if (filter.charge) where.chargeId = filter.charge;
    return paginate(this.em, Refund, where, page);
  }
}
