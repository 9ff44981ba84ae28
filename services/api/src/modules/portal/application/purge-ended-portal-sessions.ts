import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PORTAL } from '../portal.tokens';
import type { PortalSessionRepository } from './ports/portal-session-repository';

/** How long an ended link still answers "expired" before it is removed (and answers 404 like any unknown one). */
const KEPT_AFTER_END_MS = 24 * 3_600_000;

/** Hourly housekeeping: portal sessions a day past their end are removed. */
@injectable()
export class PurgeEndedPortalSessions {
  constructor(
    @inject(PORTAL.PortalSessionRepository) private readonly sessions: PortalSessionRepository,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  execute(): Promise<number> {
    return this.sessions.deleteEndedBefore(new Date(this.clock.now().getTime() - KEPT_AFTER_END_MS));
  }
}
