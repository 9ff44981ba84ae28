export const SHARED = {
  Clock: Symbol.for('Clock'),
  CustomerClock: Symbol.for('CustomerClock'),
  SecretBox: Symbol.for('SecretBox'),
};
