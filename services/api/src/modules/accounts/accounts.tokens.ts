export const ACCOUNTS = {
  AccountRepository: Symbol.for('AccountRepository'),
  ApiKeyRepository: Symbol.for('ApiKeyRepository'),
};
