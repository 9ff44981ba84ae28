import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { Scope } from '../../../../shared/domain/scope';
import type { ApiRequest } from '../../domain/api-request';

export interface ApiRequestRepository {
  addMany(requests: ApiRequest[]): Promise<void>;
  list(scope: Scope, page: PageRequest): Promise<Page<ApiRequest>>;
  deleteBefore(before: Date): Promise<number>;
}
