export const METRICS = {
  Metrics: Symbol.for('Metrics'),
};
