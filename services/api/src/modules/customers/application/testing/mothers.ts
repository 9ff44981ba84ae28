import type { Scope } from '../../../../shared/domain/scope';
import { Customer } from '../../domain/customer';

/** A customer of `scope` as `create` makes it. */
export function aCustomer(scope: Scope, name: string, email: string | null, now: Date): Customer {
  return Customer.create(scope, { name, email: email ?? undefined }, now);
}
