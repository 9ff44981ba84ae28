export const ACCOUNTS = {
  AccountRepository: Symbol.for('AccountRepository'),
  ApiKeyRepository: Symbol.for('ApiKeyRepository'),
  KeyRevocations: Symbol.for('KeyRevocations'),
  KeyRevocationFeed: Symbol.for('KeyRevocationFeed'),
  Processors: Symbol.for('AccountProcessors'),
};
