export const LOGGING = {
  Logger: Symbol.for('Logger'),
};
