export const ACCOUNTS = {
  AccountRepository: Symbol.for('AccountRepository'),
  ApiKeyRepository: Symbol.for('ApiKeyRepository'),
  KeyRevocations: Symbol.for('KeyRevocations'),
  KeyRevocationFeed: Symbol.for('KeyRevocationFeed'),
  Processors: Symbol.for('AccountProcessors'),
  LogoRepository: Symbol.for('LogoRepository'),
  Invoicing: Symbol.for('AccountInvoicing'),
  Settings: Symbol.for('AccountSettings'),
};

export interface AccountModuleSettings {
  /** The checkout host, which serves uploaded logos. */
  checkoutHostUrl: string;
}
