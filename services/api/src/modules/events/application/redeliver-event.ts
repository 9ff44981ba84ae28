import { inject, injectable } from 'inversify';
import { randomBase62 } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { JOBS } from '../../../platform/jobs/jobs.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { type Event, EventNotFound } from '../domain/event';
import { WebhookEndpointNotFound } from '../domain/webhook-endpoint';
import { EVENTS, WEBHOOK_DELIVERY_QUEUE } from '../events.tokens';
import type { EventRepository, WebhookEndpointRepository } from './ports/event-repository';
import type { DeliveryJob } from './record-event';

/**
 * Sends an event again, as a new series of attempts with the same id and body: to one named endpoint
 * (even one a 410 deactivated; a success reactivates it), or to every active endpoint subscribed to it.
 */
@injectable()
export class RedeliverEvent {
  constructor(
    @inject(EVENTS.EventRepository) private readonly events: EventRepository,
    @inject(EVENTS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(JOBS.Queue) private readonly queue: JobQueue,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(scope: Scope, eventId: string, endpointId?: number): Promise<Event> {
    const event = await this.events.findById(scope, eventId);
    if (!event) throw new EventNotFound(eventId);
    let targets;
    if (endpointId !== undefined) {
      const endpoint = await this.endpoints.findById(scope, endpointId);
      if (!endpoint) throw new WebhookEndpointNotFound(endpointId, 'endpoint');
      targets = [endpoint];
    } else {
      targets = await this.endpoints.listSubscribed(scope, [event.type]);
    }
    const series = randomBase62(12);
    await this.uow.join(() =>
      this.queue.sendMany(
        targets.map((endpoint) => ({
          name: WEBHOOK_DELIVERY_QUEUE,
          data: { eventId: event.id, endpointId: endpoint.id, series, attempt: 1 } satisfies DeliveryJob,
        })),
      ),
    );
    return event;
  }
}
