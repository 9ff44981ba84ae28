import { inject, injectable } from 'inversify';
import type { SessionActor } from '../../../shared/domain/actor';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { TEAM } from '../team.tokens';
import type { DashboardSessionRepository } from './ports/team-repositories';

/** Ends the actor's session, or every session of theirs. */
@injectable()
export class SignOut {
  constructor(
    @inject(TEAM.DashboardSessionRepository) private readonly sessions: DashboardSessionRepository,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(actor: SessionActor, everywhere: boolean): Promise<void> {
    const now = this.clock.now();
    if (everywhere) return this.sessions.endAllOf(actor.userId, now);
    const session = await this.sessions.findById(actor.sessionId);
    if (!session) return;
    session.end(now);
    await this.sessions.save(session);
  }
}
