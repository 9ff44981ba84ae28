import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { randomBase62 } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { JOBS } from '../../../platform/jobs/jobs.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { Event } from '../domain/event';
import type { WebhookEndpoint } from '../domain/webhook-endpoint';
import type { EventType } from '../domain/event-types';

export type { EventType } from '../domain/event-types';
import { EVENTS, WEBHOOK_DELIVERY_QUEUE } from '../events.tokens';
import type { EventRepository, WebhookEndpointRepository } from './ports/event-repository';

export interface EventRecord {
  scope: Scope;
  type: EventType;
  data: object;
}

export interface DeliveryJob {
  eventId: string;
  endpointId: number;
  series: string;
  attempt: number;
}

/**
 * The one way any module emits an event. It joins the caller's unit of work: the event and a delivery
 * job for every subscribed endpoint commit together with the change that caused them, or not at all.
 */
@injectable()
export class RecordEvent {
  constructor(
    @inject(EVENTS.EventRepository) private readonly events: EventRepository,
    @inject(EVENTS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(JOBS.Queue) private readonly queue: JobQueue,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, type: EventType, data: object): Promise<Event> {
    return (await this.executeMany([{ scope, type, data }]))[0];
  }

  /** Several events in the statements of one (a sweep's batch): the events, then every delivery job. */
  async executeMany(records: EventRecord[]): Promise<Event[]> {
    if (records.length === 0) return [];
    if (!this.uow.active()) throw new Error(`event '${records[0].type}' must be recorded inside the unit of work of the change that caused it`);
    const now = this.clock.now();
    const events = records.map(({ scope, type, data }) => Event.record(scope, type, data, now));
    await this.events.addMany(events);
    const subscribed = new Map<string, WebhookEndpoint[]>();
    const jobs: Array<{ name: string; data: DeliveryJob }> = [];
    for (const event of events) {
      const key = `${event.accountId}:${event.livemode}:${event.type}`;
      if (!subscribed.has(key)) subscribed.set(key, await this.endpoints.listSubscribed(event, event.type));
      const series = randomBase62(12);
      for (const endpoint of subscribed.get(key)!) jobs.push({ name: WEBHOOK_DELIVERY_QUEUE, data: { eventId: event.id, endpointId: endpoint.id, series, attempt: 1 } });
    }
    await this.queue.sendMany(jobs);
    return events;
  }
}
