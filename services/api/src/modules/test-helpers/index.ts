// The test-helpers module's public face: what other modules and main/ may use.
export { GetTestClock } from './application/get-test-clock';
