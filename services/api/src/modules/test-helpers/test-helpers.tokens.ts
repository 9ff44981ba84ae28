export const TEST_HELPERS = {
  TestClockRepository: Symbol.for('TestClockRepository'),
  Settings: Symbol.for('TestHelperSettings'),
};

export interface TestHelperSettings {
  /** An advance still running this long after it began is taken to have been cut short by a crash. */
  advanceStaleMs: number;
}
