import type { Schemas } from './api';
import { type MessageKey, t } from './i18n';

/** What the signed-in user's role lets the pages offer; the API checks the same on every request. */
export interface Permissions {
  refund: boolean;
  capture: boolean;
  manageTeam: boolean;
  readAudit: boolean;
  /** API keys and webhook endpoints. */
  manageKeys: boolean;
  readRequests: boolean;
}

export function permissionsOf(role: Schemas['UserRole']): Permissions {
  const admin = role === 'owner' || role === 'admin';
  return {
    refund: admin || role === 'support',
    capture: admin,
    manageTeam: admin,
    readAudit: admin,
    manageKeys: admin || role === 'developer',
    readRequests: admin || role === 'developer',
  };
}

/** A role's name in the dashboard's language. */
export const roleName = (role: Schemas['UserRole']) => t(`role${role[0].toUpperCase()}${role.slice(1)}` as MessageKey);
