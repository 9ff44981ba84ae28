// The checkout module's public face: what other modules may use.
export { ExpireDueSessions } from './application/expire-due-sessions';
export { CardFieldOrigins } from './application/card-field-origins';
