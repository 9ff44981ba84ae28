import { describe, expect, it } from 'vitest';
import { loadOpenApi } from '../src/platform/http/openapi-document';
import { KEY_ROLES, keyActsAs, keyRoleWithin, mayCall, operationsNamed, ROLES } from '../src/shared/domain/roles';

const { document } = loadOpenApi();
const operations = Object.values(document.paths).flatMap((item) =>
  Object.entries(item)
    .filter(([method]) => ['get', 'post', 'delete'].includes(method))
    .map(([method, operation]) => ({ id: (operation as { operationId: string }).operationId, write: method !== 'get' })),
);

describe('roles', () => {
  it('name only operations of the contract', () => {
    const known = new Set(operations.map((operation) => operation.id));
    expect(operationsNamed().filter((id) => !known.has(id))).toEqual([]);
  });

  it('let owners and admins do everything, and viewers no write but their own sign-out and two-factor', () => {
    for (const { id, write } of operations) {
      expect(mayCall('owner', id, write)).toBe(true);
      expect(mayCall('admin', id, write)).toBe(true);
    }
    const viewerWrites = operations.filter((op) => op.write && mayCall('viewer', op.id, true)).map((op) => op.id);
    expect(viewerWrites.sort()).toEqual(['beginTwoFactor', 'confirmTwoFactor', 'signOut', 'signOutEverywhere']);
  });

  it('give support customers, links and refunds, developers keys, webhooks and test clocks, and no one else the audit log', () => {
    expect(mayCall('support', 'createRefund', true)).toBe(true);
    expect(mayCall('support', 'captureCharge', true)).toBe(false);
    expect(mayCall('support', 'createWebhookEndpoint', true)).toBe(false);
    expect(mayCall('developer', 'rollApiKey', true)).toBe(true);
    expect(mayCall('developer', 'createRefund', true)).toBe(false);
    expect(mayCall('developer', 'listRequestLog', false)).toBe(true);
    for (const role of ROLES.filter((r) => r !== 'owner' && r !== 'admin')) expect(mayCall(role, 'listAuditLog', false)).toBe(false);
    expect(mayCall('viewer', 'listCharges', false)).toBe(true);
  });
});

describe('the roles of keys', () => {
  it('are within their maker’s: owners and admins make any key role, others their own or a viewer’s', () => {
    for (const asked of KEY_ROLES) {
      expect(keyRoleWithin(asked, 'owner')).toBe(true);
      expect(keyRoleWithin(asked, 'admin')).toBe(true);
    }
    expect(KEY_ROLES.filter((asked) => keyRoleWithin(asked, 'developer'))).toEqual(['developer', 'viewer']);
    expect(KEY_ROLES.filter((asked) => keyRoleWithin(asked, 'support'))).toEqual(['support', 'viewer']);
    expect(KEY_ROLES.filter((asked) => keyRoleWithin(asked, 'viewer'))).toEqual(['viewer']);
    expect(KEY_ROLES).not.toContain('owner');
    expect(keyActsAs(null)).toBe('admin');
  });
});
