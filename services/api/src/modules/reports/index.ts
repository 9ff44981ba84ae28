// The reports module's public face: what other modules may use.
export { GetSummary } from './application/get-summary';
