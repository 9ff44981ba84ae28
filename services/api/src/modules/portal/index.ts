// The portal module's public face: what other modules may use.
export { CreatePortalSession } from './application/create-portal-session';
export { PurgeEndedPortalSessions } from './application/purge-ended-portal-sessions';
export { PortalCardFieldOrigins } from './application/portal-card-field-origins';
