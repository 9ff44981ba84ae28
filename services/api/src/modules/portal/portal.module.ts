import { ContainerModule } from 'inversify';
import { bindSingletons } from '../../platform/di';
import { AddPortalCard } from './application/add-portal-card';
import { CancelPortalSubscription } from './application/cancel-portal-subscription';
import { CreatePortalCardToken } from './application/create-portal-card-token';
import { CreatePortalSession } from './application/create-portal-session';
import { DefaultCard } from './application/default-card';
import { GetPortalPage } from './application/get-portal-page';
import { PortalCardFieldOrigins } from './application/portal-card-field-origins';
import { PortalAccess } from './application/portal-access';
import { PreviewPortalSwitch } from './application/preview-portal-switch';
import { ReactivatePortalSubscription } from './application/reactivate-portal-subscription';
import { RemovePortalCard } from './application/remove-portal-card';
import { SetPortalDefaultCard } from './application/set-portal-default-card';
import { SwitchPortalPlan } from './application/switch-portal-plan';
import { UpdatePortalContact } from './application/update-portal-contact';
import { PurgeEndedPortalSessions } from './application/purge-ended-portal-sessions';
import { PgPortalSessionRepository } from './infrastructure/postgres/portal-session.repository';
import { PortalSessionSchema } from './infrastructure/postgres/portal-session.schema';
import { PortalRouter } from './interfaces/http/portal.router';
import { PORTAL } from './portal.tokens';

export const portalEntities = [PortalSessionSchema];

export const portalModule = new ContainerModule(({ bind }) => {
  bind(PORTAL.PortalSessionRepository).to(PgPortalSessionRepository).inSingletonScope();
  bindSingletons(bind, [
    AddPortalCard,
    CancelPortalSubscription,
    CreatePortalCardToken,
    CreatePortalSession,
    DefaultCard,
    GetPortalPage,
    PortalCardFieldOrigins,
    PortalAccess,
    PreviewPortalSwitch,
    ReactivatePortalSubscription,
    RemovePortalCard,
    SetPortalDefaultCard,
    SwitchPortalPlan,
    UpdatePortalContact,
    PurgeEndedPortalSessions,
    PortalRouter,
  ]);
});
