import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import { sqlRows } from '../../../../platform/persistence/sql/statements';
import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { CustomerRepository } from '../../application/ports/customer-repository';
import { Customer } from '../../domain/customer';

const CUSTOMERS = new AggregateTable(Customer, ['name', 'email', 'phone', 'taxId', 'metadata', 'balance', 'deletedAt']);

@injectable()
export class PgCustomerRepository implements CustomerRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  findById(scope: Scope, id: string, include = { deleted: false }): Promise<Customer | null> {
    return CUSTOMERS.first(
      this.em,
      `select * from customers where account_id = $1 and livemode = $2 and id = $3 ${include.deleted ? '' : 'and deleted_at is null'}`,
      [scope.accountId, scope.livemode, id],
    );
  }

  list(scope: Scope, filter: { email?: string }, page: PageRequest): Promise<Page<Customer>> {
    const where: FilterQuery<Customer> = { accountId: scope.accountId, livemode: scope.livemode, deletedAt: null };
    if (filter.email) where.email = filter.email;
    return CUSTOMERS.page(this.em, where, page);
  }

  async withCredit(ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    return (await sqlRows<{ id: string }>(this.em, 'select id from customers where id = any($1) and balance < 0', [ids])).map(
      (row) => row.id,
    );
  }

  async idsOnClock(clockId: string): Promise<string[]> {
    return (await sqlRows<{ id: string }>(this.em, 'select id from customers where test_clock_id = $1', [clockId])).map((row) => row.id);
  }

  add(customer: Customer): Promise<void> {
    return CUSTOMERS.insert(this.em, [customer]);
  }

  async findForUpdate(scope: Scope, id: string): Promise<Customer | null> {
    const customer = await CUSTOMERS.lockedInScope(this.em, scope, id);
    return customer?.deletedAt ? null : customer;
  }

  save(customer: Customer): Promise<void> {
    return CUSTOMERS.save(this.em, [customer]);
  }
}
