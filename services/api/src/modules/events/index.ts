// The events module's public face: what other modules may use.
export { RecordEvent } from './application/record-event';
export type { EventRecord, EventType } from './application/record-event';
