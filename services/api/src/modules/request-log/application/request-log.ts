import { inject, injectable } from 'inversify';
import { GroupWriter } from '../../../platform/persistence/group-writer';
import type { Clock } from '../../../shared/domain/clock';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { ApiRequest, REQUEST_LOG_DAYS } from '../domain/api-request';
import { REQUEST_LOG } from '../request-log.tokens';
import type { ApiRequestRepository } from './ports/api-request-repository';

/**
 * The last days of a scope's authenticated requests: method, path, status and request id. Written
 * after each answer, many requests to a statement, outside the request's own work.
 */
@injectable()
export class RequestLog {
  private readonly writer: GroupWriter<ApiRequest, void>;

  constructor(
    @inject(REQUEST_LOG.ApiRequestRepository) private readonly requests: ApiRequestRepository,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {
    this.writer = new GroupWriter(
      async (batch) => {
        await this.requests.addMany(batch);
        return batch.map(() => undefined);
      },
      (request) => request.id,
      500,
    );
  }

  record(entry: Omit<ApiRequest, 'createdAt'>): Promise<void> {
    return this.writer.submit(Object.assign(new ApiRequest(), entry, { createdAt: this.clock.now() }));
  }

  list(scope: Scope, page: PageRequest): Promise<Page<ApiRequest>> {
    return this.requests.list(scope, page);
  }

  /** Forgets requests older than the log keeps (hourly housekeeping). */
  purge(): Promise<number> {
    return this.requests.deleteBefore(new Date(this.clock.now().getTime() - REQUEST_LOG_DAYS * 86_400_000));
  }
}
