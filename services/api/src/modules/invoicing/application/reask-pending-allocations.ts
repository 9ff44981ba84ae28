import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { INVOICING } from '../invoicing.tokens';
import { AllocationUnavailable } from './ports/allocation-authority';
import type { DocumentRepository } from './ports/document-repository';
import { RequestAllocation } from './request-allocation';

/** Past the allocation job's own retries (about a day and a half): from then on, this sweep asks. */
const JOB_RETRY_WINDOW_MS = 2 * 24 * 3600_000;
const PER_RUN = 500;

/**
 * Daily: documents still waiting for their allocation number after their job gave up (a long outage, an
 * account not connected) are asked again, each once; one the authority still cannot answer waits for the
 * next day. Nothing is ever failed for want of an answer.
 */
@injectable()
export class ReaskPendingAllocations {
  constructor(
    @inject(INVOICING.DocumentRepository) private readonly documents: DocumentRepository,
    @inject(RequestAllocation) private readonly requestAllocation: RequestAllocation,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(): Promise<{ asked: number; waiting: number }> {
    const before = new Date(this.clock.now().getTime() - JOB_RETRY_WINDOW_MS);
    const ids = await this.documents.awaitingAllocationSince(before, PER_RUN);
    let waiting = 0;
    for (const id of ids) {
      try {
        await this.requestAllocation.execute(id);
      } catch (error) {
        if (!(error instanceof AllocationUnavailable)) throw error;
        waiting++;
      }
    }
    return { asked: ids.length, waiting };
  }
}
