import type { Scope } from '../../../../shared/domain/scope';

/** Where an email sends a customer to manage their subscription: a fresh customer portal session. */
export interface PortalLinks {
  forEmail(scope: Scope, customerId: string): Promise<string>;
}
