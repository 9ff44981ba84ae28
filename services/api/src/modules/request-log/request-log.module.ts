import { ContainerModule } from 'inversify';
import { bindSingletons } from '../../platform/di';
import { RequestLog } from './application/request-log';
import { PgApiRequestRepository } from './infrastructure/postgres/api-request.repository';
import { ApiRequestSchema } from './infrastructure/postgres/api-request.schema';
import { RequestLogRouter } from './interfaces/http/request-log.router';
import { REQUEST_LOG } from './request-log.tokens';

export const requestLogEntities = [ApiRequestSchema];

export const requestLogModule = new ContainerModule(({ bind }) => {
  bind(REQUEST_LOG.ApiRequestRepository).to(PgApiRequestRepository).inSingletonScope();
  bindSingletons(bind, [RequestLog, RequestLogRouter]);
});
