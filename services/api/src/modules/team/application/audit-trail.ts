import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { Scope } from '../../../shared/domain/scope';
import type { Actor } from '../../../shared/domain/actor';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { AuditEntry } from '../domain/audit-entry';
import { TEAM } from '../team.tokens';
import type { AuditLog } from './ports/team-repositories';

/** What a dashboard session did: each write, recorded once its answer is sent, and read by owners and admins. */
@injectable()
export class AuditTrail {
  constructor(
    @inject(TEAM.AuditLog) private readonly log: AuditLog,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  record(
    scope: Scope,
    actor: Actor,
    done: { action: string; target: string | null; status: number; address: string | null; requestId: string | null },
  ): Promise<void> {
    return this.log.add(
      AuditEntry.record(
        { accountId: scope.accountId, livemode: scope.livemode, userId: actor.userId, userEmail: actor.email, ...done },
        this.clock.now(),
      ),
    );
  }

  list(accountId: string, filter: { userId?: string }, page: PageRequest): Promise<Page<AuditEntry>> {
    return this.log.list(accountId, filter, page);
  }
}
