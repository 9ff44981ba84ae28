import { inject, injectable } from 'inversify';
import type { OperationHandlers } from '../../../../platform/http/handlers';
import { listReply, pageOf } from '../../../../platform/http/replies';
import { RequestLog } from '../../application/request-log';

@injectable()
export class RequestLogRouter {
  constructor(@inject(RequestLog) private readonly log: RequestLog) {}

  handlers(): OperationHandlers {
    return {
      listRequestLog: async ({ auth, query }) =>
        listReply(await this.log.list(auth, pageOf(query)), (request) => ({
          id: request.id,
          object: 'api_request' as const,
          method: request.method,
          path: request.path,
          status: request.status,
          source: request.source,
          user: request.userId,
          livemode: request.livemode,
          created: request.createdAt.toISOString(),
        })),
    };
  }
}
