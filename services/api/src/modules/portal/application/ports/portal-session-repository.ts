import type { PortalSession } from '../../domain/portal-session';

export interface PortalSessionRepository {
  add(session: PortalSession): Promise<void>;
  /** By its id alone: the public portal endpoints are keyed by it. */
  findByIdUnscoped(id: string): Promise<PortalSession | null>;
  /** Removes the sessions that ended before `before`; answers how many. */
  deleteEndedBefore(before: Date): Promise<number>;
}
