import { ContainerModule } from 'inversify';
import { bindSingletons } from '../../platform/di';
import { GetSummary } from './application/get-summary';
import { ReportsRouter } from './interfaces/http/reports.router';

export const reportsModule = new ContainerModule(({ bind }) => {
  bindSingletons(bind, [GetSummary, ReportsRouter]);
});
