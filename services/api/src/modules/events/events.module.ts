import { ContainerModule } from 'inversify';
import { bindSingletons } from '../../platform/di';
import type { QueueDefinition } from '../../platform/jobs/job-queue';
import { CreateWebhookEndpoint } from './application/create-webhook-endpoint';
import { DeleteWebhookEndpoint } from './application/delete-webhook-endpoint';
import { UpdateWebhookEndpoint } from './application/update-webhook-endpoint';
import { DeliverWebhook } from './application/deliver-webhook';
import { SealStoredSigningSecrets } from './application/seal-stored-signing-secrets';
import { GetEvent } from './application/get-event';
import { GetWebhookEndpoint } from './application/get-webhook-endpoint';
import { ListEvents } from './application/list-events';
import { ReadEventFeed } from './application/read-event-feed';
import { RotateWebhookSecret } from './application/rotate-webhook-secret';
import { ListWebhookDeliveries } from './application/list-webhook-deliveries';
import { ListWebhookEndpoints } from './application/list-webhook-endpoints';
import { RecordEvent } from './application/record-event';
import { RedeliverEvent } from './application/redeliver-event';
import { EVENTS, WEBHOOK_DELIVERY_QUEUE } from './events.tokens';
import { DnsDestinationGuard } from './infrastructure/destination-guard';
import { PgEventRepository, PgWebhookDeliveryRepository, PgWebhookEndpointRepository } from './infrastructure/postgres/events.repository';
import { EventSchema, WebhookDeliverySchema, WebhookEndpointSchema } from './infrastructure/postgres/events.schema';
import { NodeDnsResolver } from './infrastructure/node-dns-resolver';
import { UndiciWebhookSender } from './infrastructure/undici-webhook-sender';
import { EventsRouter } from './interfaces/http/events.router';
import { WebhookDeliveryJob } from './interfaces/jobs/webhook-delivery.job';

export const eventsEntities = [EventSchema, WebhookEndpointSchema, WebhookDeliverySchema];

export function eventsQueues(expireInSeconds: number): QueueDefinition[] {
  return [{ name: WEBHOOK_DELIVERY_QUEUE, expireInSeconds, retryLimit: 5 }];
}

/** Needs EVENTS.Settings bound by the composition root. */
export const eventsModule = new ContainerModule(({ bind }) => {
  bind(EVENTS.EventRepository).to(PgEventRepository).inSingletonScope();
  bind(EVENTS.WebhookEndpointRepository).to(PgWebhookEndpointRepository).inSingletonScope();
  bind(EVENTS.WebhookDeliveryRepository).to(PgWebhookDeliveryRepository).inSingletonScope();
  bind(EVENTS.DnsResolver).to(NodeDnsResolver).inSingletonScope();
  bind(EVENTS.DestinationGuard).to(DnsDestinationGuard).inSingletonScope();
  bind(EVENTS.WebhookSender).to(UndiciWebhookSender).inSingletonScope();
  bindSingletons(bind, [
    RecordEvent,
    DeliverWebhook,
    RedeliverEvent,
    ListEvents,
    ReadEventFeed,
    GetEvent,
    RotateWebhookSecret,
    CreateWebhookEndpoint,
    ListWebhookEndpoints,
    GetWebhookEndpoint,
    DeleteWebhookEndpoint,
    UpdateWebhookEndpoint,
    ListWebhookDeliveries,
    EventsRouter,
    WebhookDeliveryJob,
    SealStoredSigningSecrets,
  ]);
});
