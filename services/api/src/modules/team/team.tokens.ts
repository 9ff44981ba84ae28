export const TEAM = {
  UserRepository: Symbol.for('UserRepository'),
  DashboardSessionRepository: Symbol.for('DashboardSessionRepository'),
  SignInThrottleRepository: Symbol.for('SignInThrottleRepository'),
  AuditLog: Symbol.for('AuditLog'),
  PasswordHasher: Symbol.for('PasswordHasher'),
  Settings: Symbol.for('TeamSettings'),
};

export interface TeamModuleSettings {
  /** Where the dashboard is served (`<PUBLIC_BASE_URL>/dashboard`): invitation links point here. */
  dashboardUrl: string;
}
