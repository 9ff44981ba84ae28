export const JOBS = {
  Boss: Symbol.for('PgBoss'),
  Queue: Symbol.for('JobQueue'),
};
