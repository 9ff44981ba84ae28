// The test-helpers module's public face: what other modules may use.
export { GetTestClock } from './application/get-test-clock';
