import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { Customer } from '../../domain/customer';

export interface CustomerRepository {
  /** A customer not deleted; with `deleted`, one deleted too. */
  findById(scope: Scope, id: string, include?: { deleted: boolean }): Promise<Customer | null>;
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

/**
 * What a customer's deletion must ask of the modules that hold its objects (which depend on this one):
 * answered by the subscriptions and payments modules, wired by the composition root.
 */
export interface CustomerDependents {
  /** Whether the customer has a subscription not canceled. */
  hasOpenSubscriptions(scope: Scope, customerId: string): Promise<boolean>;
  /** Detaches the customer's saved cards, inside the deletion's unit of work. */
  detachCards(scope: Scope, customerId: string): Promise<void>;
}

/** Whether a test clock exists in the scope; answered by the test-helpers module. */
export interface TestClockDirectory {
  exists(scope: Scope, id: string): Promise<boolean>;
}
