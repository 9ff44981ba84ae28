import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { Customer } from '../../domain/customer';

export interface CustomerRepository {
  findById(scope: Scope, id: string): Promise<Customer | null>;
  list(scope: Scope, filter: { email?: string }, page: PageRequest): Promise<Page<Customer>>;
  /** Inserts a new one (a plain INSERT, no change tracking). */
  add(customer: Customer): Promise<void>;
  /** The customer, locked for a change until the unit of work ends. */
  findForUpdate(scope: Scope, id: string): Promise<Customer | null>;
  save(customer: Customer): Promise<void>;
  idsOnClock(clockId: string): Promise<string[]>;
  /** Which of these customers have credit (a negative balance). */
  withCredit(ids: string[]): Promise<string[]>;
}

/** Whether a test clock exists in the scope; answered by the test-helpers module. */
export interface TestClockDirectory {
  exists(scope: Scope, id: string): Promise<boolean>;
}
