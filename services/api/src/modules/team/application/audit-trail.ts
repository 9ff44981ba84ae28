import { inject, injectable } from 'inversify';
import type { Actor, WriteDone } from '../../../shared/domain/actor';
import type { Clock } from '../../../shared/domain/clock';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { GroupWriter } from '../../../platform/persistence/group-writer';
import { AuditEntry } from '../domain/audit-entry';
import { TEAM } from '../team.tokens';
import type { AuditLog } from './ports/team-repositories';

/**
 * Every write made on an account, by a dashboard user or with an API key, the refused ones too: recorded
 * once its answer is sent (many to a statement, outside the request's own work), and read by owners and
 * admins.
 */
@injectable()
export class AuditTrail {
  private readonly writer: GroupWriter<AuditEntry, void>;

  constructor(
    @inject(TEAM.AuditLog) private readonly log: AuditLog,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {
    this.writer = new GroupWriter(
      async (entries) => {
        await this.log.add(...entries);
        return entries.map(() => undefined);
      },
      (entry) => entry.id,
      500,
    );
  }

  record(scope: Scope, actor: Actor, done: WriteDone): Promise<void> {
    const who =
      actor.kind === 'session'
        ? { userId: actor.userId, userEmail: actor.email, apiKeyId: null }
        : { userId: actor.madeBy?.userId ?? null, userEmail: actor.madeBy?.email ?? null, apiKeyId: actor.keyId };
    return this.writer.submit(
      AuditEntry.record({ accountId: scope.accountId, livemode: scope.livemode, ...who, ...done }, this.clock.now()),
    );
  }

  list(accountId: string, filter: { userId?: string }, page: PageRequest): Promise<Page<AuditEntry>> {
    return this.log.list(accountId, filter, page);
  }
}
