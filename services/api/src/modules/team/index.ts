// The team module's public face: what other modules and the composition root may use.
export { AuthenticateSession } from './application/authenticate-session';
export { AuthorizeActor } from './application/authorize-actor';
export { AuditTrail } from './application/audit-trail';
export { ManageTeam } from './application/manage-team';
