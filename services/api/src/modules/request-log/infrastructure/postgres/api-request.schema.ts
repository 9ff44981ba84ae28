import { EntitySchema } from '@mikro-orm/postgresql';
import { ApiRequest } from '../../domain/api-request';

export const ApiRequestSchema = new EntitySchema<ApiRequest>({
  class: ApiRequest,
  tableName: 'api_requests',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    method: { type: 'string' },
    path: { type: 'string' },
    status: { type: 'integer' },
    source: { type: 'string' },
    userId: { type: 'string', nullable: true },
    createdAt: { type: 'Date' },
  },
});
