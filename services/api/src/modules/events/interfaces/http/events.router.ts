import { inject, injectable } from 'inversify';
import type { OperationHandlers } from '../../../../platform/http/handlers';
import { toEventResponse, toWebhookEndpointResponse, toWebhookDeliveryResponse } from '../../published/events';
import { listReply, pageOf } from '../../../../platform/http/replies';
import type { Clock } from '../../../../shared/domain/clock';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import { CreateWebhookEndpoint } from '../../application/create-webhook-endpoint';
import { DeleteWebhookEndpoint } from '../../application/delete-webhook-endpoint';
import { UpdateWebhookEndpoint } from '../../application/update-webhook-endpoint';
import { GetEvent } from '../../application/get-event';
import { GetWebhookEndpoint } from '../../application/get-webhook-endpoint';
import { ListEvents } from '../../application/list-events';
import { ListWebhookDeliveries } from '../../application/list-webhook-deliveries';
import { ListWebhookEndpoints } from '../../application/list-webhook-endpoints';
import { ReadEventFeed } from '../../application/read-event-feed';
import { RotateWebhookSecret } from '../../application/rotate-webhook-secret';
import { RedeliverEvent } from '../../application/redeliver-event';

@injectable()
export class EventsRouter {
  constructor(
    @inject(ListEvents) private readonly listEvents: ListEvents,
    @inject(ReadEventFeed) private readonly readEventFeed: ReadEventFeed,
    @inject(GetEvent) private readonly getEvent: GetEvent,
    @inject(RedeliverEvent) private readonly redeliverEvent: RedeliverEvent,
    @inject(CreateWebhookEndpoint) private readonly createEndpoint: CreateWebhookEndpoint,
    @inject(ListWebhookEndpoints) private readonly listEndpoints: ListWebhookEndpoints,
    @inject(GetWebhookEndpoint) private readonly getEndpoint: GetWebhookEndpoint,
    @inject(DeleteWebhookEndpoint) private readonly deleteEndpoint: DeleteWebhookEndpoint,
    @inject(UpdateWebhookEndpoint) private readonly updateEndpoint: UpdateWebhookEndpoint,
    @inject(RotateWebhookSecret) private readonly rotateSecret: RotateWebhookSecret,
    @inject(SHARED.Clock) private readonly clock: Clock,
    @inject(ListWebhookDeliveries) private readonly listDeliveries: ListWebhookDeliveries,
  ) {}

  handlers(): OperationHandlers {
    return {
      listEvents: async ({ auth, query }) =>
        listReply(await this.listEvents.execute(auth, { type: query.type, object: query.object }, pageOf(query)), toEventResponse),
      readEventFeed: async ({ auth, query, signal }) => {
        const read = await this.readEventFeed.execute(
          auth,
          { cursor: query.cursor, waitSeconds: query.wait ?? 0, limit: query.limit ?? 20 },
          signal,
        );
        return { success: true, data: read.events.map(toEventResponse), next_cursor: read.nextCursor };
      },
      getEvent: async ({ auth, params }) => ({ success: true, data: toEventResponse(await this.getEvent.execute(auth, params.id)) }),
      redeliverEvent: async ({ auth, params, body }) => ({
        success: true,
        data: toEventResponse(await this.redeliverEvent.execute(auth, params.id, body?.endpoint)),
      }),
      createWebhookEndpoint: async ({ auth, body }) => {
        const { endpoint, secret } = await this.createEndpoint.execute(auth, body);
        return { success: true, data: { ...toWebhookEndpointResponse(endpoint, this.clock.now()), secret } };
      },
      rotateWebhookSecret: async ({ auth, params, body }) => {
        const { endpoint, secret } = await this.rotateSecret.execute(auth, params.id, body?.previous_secret_expires_in);
        return { success: true, data: { ...toWebhookEndpointResponse(endpoint, this.clock.now()), secret } };
      },
      listWebhookEndpoints: async ({ auth }) => ({
        success: true,
        data: (await this.listEndpoints.execute(auth)).map((endpoint) => toWebhookEndpointResponse(endpoint, this.clock.now())),
      }),
      getWebhookEndpoint: async ({ auth, params }) => ({
        success: true,
        data: toWebhookEndpointResponse(await this.getEndpoint.execute(auth, params.id), this.clock.now()),
      }),
      updateWebhookEndpoint: async ({ auth, params, body }) => ({
        success: true,
        data: toWebhookEndpointResponse(await this.updateEndpoint.execute(auth, params.id, body), this.clock.now()),
      }),
      deleteWebhookEndpoint: async ({ auth, params }) => {
        await this.deleteEndpoint.execute(auth, params.id);
        return { success: true };
      },
      listWebhookDeliveries: async ({ auth, params, query }) =>
        listReply(await this.listDeliveries.execute(auth, params.id, { event: query.event }, pageOf(query)), toWebhookDeliveryResponse),
    };
  }
}
