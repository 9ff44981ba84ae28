export const PORTAL = {
  PortalSessionRepository: Symbol.for('PortalSessionRepository'),
  Settings: Symbol.for('PortalSettings'),
};

export interface PortalModuleSettings {
  /** The checkout host, where the portal page is served. */
  checkoutHostUrl: string;
}
