/** Tells every process that keys were revoked, when (and only if) the current transaction commits. */
export interface KeyRevocations {
  announce(secretHashes: string[]): Promise<void>;
}

/** Hears those announcements; `live` is false while some may be missed. */
export interface KeyRevocationFeed {
  readonly live: boolean;
  subscribe(onRevoked: (secretHash: string) => void, onReset: () => void): void;
}
