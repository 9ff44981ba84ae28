import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import { sqlRows } from '../../../../platform/persistence/sql/statements';
import type { PortalSessionRepository } from '../../application/ports/portal-session-repository';
import { PortalSession } from '../../domain/portal-session';

/** A portal session never changes after it is opened. */
const PORTAL_SESSIONS = new AggregateTable(PortalSession, []);

@injectable()
export class PgPortalSessionRepository implements PortalSessionRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  add(session: PortalSession): Promise<void> {
    return PORTAL_SESSIONS.insert(this.em, [session]);
  }

  findByIdUnscoped(id: string): Promise<PortalSession | null> {
    return PORTAL_SESSIONS.known(this.em, id);
  }

  async deleteEndedBefore(before: Date): Promise<number> {
    return (await sqlRows(this.em, 'delete from portal_sessions where expires_at < $1 returning 1', [before])).length;
  }
}
