/** Who a dashboard user is to their account (DESIGN §3d, "Merchant dashboard"). */
export const ROLES = ['owner', 'admin', 'developer', 'support', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * The role an API key acts with: never `owner` (owners are people, with two-factor). A key made by a
 * user carries at most that user's role; a key with no role (`null`) is the account's own, made by
 * the operator (the CLI), and acts as an admin.
 */
export const KEY_ROLES = ['admin', 'developer', 'support', 'viewer'] as const;
export type KeyRole = (typeof KEY_ROLES)[number];

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

/** The operations on the account's people: never a test-mode key's. */
export const PEOPLE_OPERATIONS: ReadonlySet<string> = new Set(['listUsers', 'inviteUser', 'updateUser', 'removeUser']);

/** Whether a user of `role` may call the operation (`write`: anything but a GET). */
export function mayCall(role: Role, operationId: string, write: boolean): boolean {
  if (role === 'owner' || role === 'admin') return true;
  if (!write) return RESTRICTED_READS[operationId]?.includes(role) ?? true;
  return WRITES[role].has(operationId);
}

/** The role a key acts with: an account key (`null`) as an admin. */
export function keyActsAs(role: KeyRole | null): KeyRole {
  return role ?? 'admin';
}

/**
 * Whether a key of role `asked` stays within what `holder` may do: owners and admins make keys of any
 * key role; others only their own role's, or a viewer's.
 */
export function keyRoleWithin(asked: KeyRole, holder: Role): boolean {
  if (holder === 'owner' || holder === 'admin') return true;
  return asked === holder || asked === 'viewer';
}

/** The operations the role table names, for the test that keeps it in step with the contract. */
export function operationsNamed(): string[] {
  return [...new Set([...Object.values(WRITES).flatMap((ops) => [...ops]), ...Object.keys(RESTRICTED_READS), ...PEOPLE_OPERATIONS])];
}
