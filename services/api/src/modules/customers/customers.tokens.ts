export const CUSTOMERS = {
  CustomerRepository: Symbol.for('CustomerRepository'),
  TestClockDirectory: Symbol.for('TestClockDirectory'),
  CustomerDependents: Symbol.for('CustomerDependents'),
};
