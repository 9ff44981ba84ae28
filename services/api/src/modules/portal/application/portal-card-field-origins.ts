import { inject, injectable } from 'inversify';
import { DescribeProcessor } from '../../payments';
import { PORTAL } from '../portal.tokens';
import type { PortalSessionRepository } from './ports/portal-session-repository';

/**
 * The origins a portal page lets in besides its own (its Content-Security-Policy): the processor's card
 * fields on a live portal whose processor takes cards in its own fields; none in test mode, or for an id
 * that names no portal session.
 */
@injectable()
export class PortalCardFieldOrigins {
  constructor(
    @inject(PORTAL.PortalSessionRepository) private readonly sessions: PortalSessionRepository,
    @inject(DescribeProcessor) private readonly describeProcessor: DescribeProcessor,
  ) {}

  async execute(id: string): Promise<string[]> {
    const session = /^bps_\w+$/.test(id) ? await this.sessions.findByIdUnscoped(id) : null;
    return session ? this.describeProcessor.cardFieldOrigins(session) : [];
  }
}
