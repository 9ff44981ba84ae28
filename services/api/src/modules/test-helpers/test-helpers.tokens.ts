export const TEST_HELPERS = {
  TestClockRepository: Symbol.for('TestClockRepository'),
};
