export const PERSISTENCE = {
  EntityManager: Symbol.for('EntityManager'),
  UnitOfWork: Symbol.for('UnitOfWork'),
  Notifications: Symbol.for('PgNotifications'),
};
