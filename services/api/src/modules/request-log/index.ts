// The request log module's public face: what other modules and the composition root may use.
export { RequestLog } from './application/request-log';
