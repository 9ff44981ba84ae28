import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { sqlRows } from '../../../../platform/persistence/sql/statements';
import type { PgNotifications } from '../../../../platform/persistence/pg-notifications';
import type { UnitOfWork } from '../../../../platform/persistence/unit-of-work';
import type { KeyRevocationFeed, KeyRevocations } from '../../application/ports/key-revocations';

const CHANNEL = 'api_key_revoked';

/**
 * `pg_notify` inside the transaction: PostgreSQL delivers it at commit, never after a rollback. This
 * process hears it at once on commit, so the request after a revocation is refused here even before
 * PostgreSQL's notification arrives.
 */
@injectable()
export class PgKeyRevocations implements KeyRevocations {
  constructor(
    @inject(PERSISTENCE.EntityManager) private readonly em: EntityManager,
    @inject(PERSISTENCE.Notifications) private readonly notifications: PgNotifications,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async announce(secretHashes: string[]): Promise<void> {
    for (const hash of secretHashes) {
      await sqlRows(this.em, 'select pg_notify($1, $2)', [CHANNEL, hash]);
      this.uow.afterCommit(() => this.notifications.notifyHere(CHANNEL, hash));
    }
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
