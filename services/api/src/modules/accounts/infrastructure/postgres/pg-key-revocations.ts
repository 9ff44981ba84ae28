import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { sqlRows } from '../../../../platform/persistence/sql/statements';
import type { PgNotifications } from '../../../../platform/persistence/pg-notifications';
import type { KeyRevocationFeed, KeyRevocations } from '../../application/ports/key-revocations';

const CHANNEL = 'api_key_revoked';

/** `pg_notify` inside the transaction: PostgreSQL delivers it at commit, never after a rollback. */
@injectable()
export class PgKeyRevocations implements KeyRevocations {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async announce(secretHashes: string[]): Promise<void> {
    for (const hash of secretHashes) await sqlRows(this.em, 'select pg_notify($1, $2)', [CHANNEL, hash]);
  }
}

@injectable()
export class PgKeyRevocationFeed implements KeyRevocationFeed {
  constructor(@inject(PERSISTENCE.Notifications) private readonly notifications: PgNotifications) {}

  get live(): boolean {
    return this.notifications.live;
  }

  subscribe(onRevoked: (secretHash: string) => void, onReset: () => void): void {
    this.notifications.on(CHANNEL, onRevoked);
    this.notifications.onReset(onReset);
  }
}
