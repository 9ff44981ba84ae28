/** Who a dashboard user is to their account (DESIGN §3d, "Merchant dashboard"). */
export const ROLES = ['owner', 'admin', 'developer', 'support', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Every user may end their own sessions and set up their own two-factor sign-in. */
const OWN_SESSION = ['signOut', 'signOutEverywhere', 'beginTwoFactor', 'confirmTwoFactor'];

/** The writes of each role, by contract operation; owners and admins make every write. */
const WRITES: Record<'developer' | 'support' | 'viewer', ReadonlySet<string>> = {
  developer: new Set([
    ...OWN_SESSION,
    'createWebhookEndpoint',
    'updateWebhookEndpoint',
    'deleteWebhookEndpoint',
    'rotateWebhookSecret',
    'redeliverEvent',
    'createTestClock',
    'advanceTestClock',
    'createApiKey',
    'rollApiKey',
    'revokeApiKey',
  ]),
  support: new Set([
    ...OWN_SESSION,
    'createCustomer',
    'updateCustomer',
    'createCheckoutSession',
    'createBillingPortalSession',
    'createRefund',
  ]),
  viewer: new Set(OWN_SESSION),
};

/** Reads only some roles make (owners and admins make every read). */
const RESTRICTED_READS: Record<string, readonly Role[]> = { listAuditLog: [], listRequestLog: ['developer'] };

/** Whether a user of `role` may call the operation (`write`: anything but a GET). */
export function mayCall(role: Role, operationId: string, write: boolean): boolean {
  if (role === 'owner' || role === 'admin') return true;
  if (!write) return RESTRICTED_READS[operationId]?.includes(role) ?? true;
  return WRITES[role].has(operationId);
}

/** The operations the role table names, for the test that keeps it in step with the contract. */
export function operationsNamed(): string[] {
  return [...new Set([...Object.values(WRITES).flatMap((ops) => [...ops]), ...Object.keys(RESTRICTED_READS)])];
}
