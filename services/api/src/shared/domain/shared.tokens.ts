export const SHARED = {
  Clock: Symbol.for('Clock'),
};
