import { type EntityManager, type FilterQuery, LockMode, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { paginate } from '../../../../platform/persistence/pagination';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type {
  ChargeOperationRepository, ChargeRepository, PaymentAttemptRepository, PaymentMethodRepository, RefundRepository,
} from '../../application/ports/payment-repositories';
import { Charge, type ChargeStatus } from '../../domain/charge';
import { ChargeOperation } from '../../domain/charge-operation';
import { PaymentAttempt } from '../../domain/payment-attempt';
import { PaymentMethod } from '../../domain/payment-method';
import { Refund } from '../../domain/refund';

const inScope = (scope: Scope) => ({ accountId: scope.accountId, livemode: scope.livemode });

/** An INSERT that a unique index may refuse, inside a savepoint so the caller's transaction survives it. */
async function insertUnlessConflict(em: EntityManager, entity: object): Promise<boolean> {
  try {
    await em.transactional((inner) => inner.insert(entity));
    return true;
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) return false;
    throw error;
  }
}

@injectable()
export class MikroOrmChargeRepository implements ChargeRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async add(charge: Charge): Promise<void> {
    await this.em.insert(charge);
  }

  async save(charge: Charge): Promise<void> {
    const { id, ...changes } = charge;
    await this.em.nativeUpdate(Charge, { id }, changes);
  }

  findById(scope: Scope, id: string): Promise<Charge | null> {
    return this.em.findOne(Charge, { ...inScope(scope), id });
  }

  findForUpdate(id: string): Promise<Charge | null> {
    return this.em.findOne(Charge, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  findByIdUnscoped(id: string): Promise<Charge | null> {
    return this.em.findOne(Charge, { id }, { refresh: true });
  }

  list(scope: Scope, filter: { customer?: string; status?: ChargeStatus }, page: PageRequest): Promise<Page<Charge>> {
    const where: FilterQuery<Charge> = inScope(scope);
    if (filter.customer) where.customerId = filter.customer;
    if (filter.status) where.status = filter.status;
    return paginate(this.em, Charge, where, page);
  }

  async expiredHolds(now: Date, limit: number, customers?: string[]): Promise<{ id: string; livemode: boolean }[]> {
    const where: FilterQuery<Charge> = { status: 'requires_capture', capturableUntil: { $lte: now } };
    if (customers) where.customerId = { $in: customers };
    const rows = await this.em.find(Charge, where, { fields: ['id', 'livemode'], limit, orderBy: { capturableUntil: 'asc' } });
    return rows.map((row) => ({ id: row.id, livemode: row.livemode }));
  }
}

@injectable()
export class MikroOrmPaymentAttemptRepository implements PaymentAttemptRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  add(attempt: PaymentAttempt): Promise<boolean> {
    return insertUnlessConflict(this.em, attempt);
  }

  async save(attempt: PaymentAttempt): Promise<void> {
    const { id, ...changes } = attempt;
    await this.em.nativeUpdate(PaymentAttempt, { id }, changes);
  }

  findLive(sessionId: string): Promise<PaymentAttempt | null> {
    return this.em.findOne(PaymentAttempt, { checkoutSessionId: sessionId, status: { $in: ['pending', 'requires_action', 'succeeded'] } }, { refresh: true });
  }

  findForUpdate(id: string): Promise<PaymentAttempt | null> {
    return this.em.findOne(PaymentAttempt, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  findById(id: string): Promise<PaymentAttempt | null> {
    return this.em.findOne(PaymentAttempt, { id }, { refresh: true });
  }

  pendingSince(before: Date, limit: number): Promise<PaymentAttempt[]> {
    return this.em.find(PaymentAttempt, { status: 'pending', updatedAt: { $lt: before } }, { orderBy: { updatedAt: 'asc' }, limit, refresh: true });
  }
}

@injectable()
export class MikroOrmChargeOperationRepository implements ChargeOperationRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  add(operation: ChargeOperation): Promise<boolean> {
    return insertUnlessConflict(this.em, operation);
  }

  async save(operation: ChargeOperation): Promise<void> {
    await this.em.nativeUpdate(ChargeOperation, { id: operation.id }, { status: operation.status });
  }

  findForUpdate(id: string): Promise<ChargeOperation | null> {
    return this.em.findOne(ChargeOperation, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  findById(id: string): Promise<ChargeOperation | null> {
    return this.em.findOne(ChargeOperation, { id }, { refresh: true });
  }

  pendingEnd(chargeId: string): Promise<ChargeOperation | null> {
    return this.em.findOne(ChargeOperation, { chargeId, kind: { $in: ['capture', 'cancel'] }, status: 'pending' }, { refresh: true });
  }

  pendingSince(before: Date, limit: number): Promise<ChargeOperation[]> {
    return this.em.find(ChargeOperation, { status: 'pending', createdAt: { $lt: before } }, { orderBy: { createdAt: 'asc' }, limit, refresh: true });
  }
}

@injectable()
export class MikroOrmPaymentMethodRepository implements PaymentMethodRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async addOnce(method: PaymentMethod): Promise<PaymentMethod> {
    await this.em.createQueryBuilder(PaymentMethod).insert(method).onConflict(['accountId', 'livemode', 'processorRef']).ignore().execute();
    const stored = await this.em.findOne(PaymentMethod, { accountId: method.accountId, livemode: method.livemode, processorRef: method.processorRef });
    return stored!;
  }

  async save(method: PaymentMethod): Promise<void> {
    await this.em.nativeUpdate(PaymentMethod, { id: method.id }, { customerId: method.customerId });
  }

  findById(scope: Scope, id: string): Promise<PaymentMethod | null> {
    return this.em.findOne(PaymentMethod, { ...inScope(scope), id });
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
    await this.em.insert(refund);
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
