import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import { sqlRows } from '../../../../platform/persistence/sql/statements';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { Scope } from '../../../../shared/domain/scope';
import type { ApiRequestRepository } from '../../application/ports/api-request-repository';
import { ApiRequest } from '../../domain/api-request';

/** A logged request never changes. */
const API_REQUESTS = new AggregateTable(ApiRequest, []);

@injectable()
export class PgApiRequestRepository implements ApiRequestRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  addMany(requests: ApiRequest[]): Promise<void> {
    return API_REQUESTS.insert(this.em, requests);
  }

  list(scope: Scope, page: PageRequest): Promise<Page<ApiRequest>> {
    return API_REQUESTS.page(this.em, { accountId: scope.accountId, livemode: scope.livemode }, page);
  }

  async deleteBefore(before: Date): Promise<number> {
    return (await sqlRows(this.em, 'delete from api_requests where created_at < $1 returning 1', [before])).length;
  }
}
