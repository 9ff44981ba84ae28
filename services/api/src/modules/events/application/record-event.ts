import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { groupBy } from '../../../shared/domain/group-by';
import { randomBase62 } from '../../../shared/domain/ids';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { JOBS } from '../../../platform/jobs/jobs.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import { type CommitBatch, COMMIT_ORDER, type UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { Event } from '../domain/event';
import type { EventType } from '../domain/event-types';

export type { EventType } from '../domain/event-types';
import { EVENTS, WEBHOOK_DELIVERY_QUEUE } from '../events.tokens';
import type { EventRepository, WebhookEndpointRepository } from './ports/event-repository';

export interface EventRecord {
  scope: Scope;
  type: EventType;
  data: object;
  /** On an `*.updated` event: the changed fields' values before the change. */
  previousAttributes?: object;
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
 * The unit writes all its events at once just before it commits (one insert, one endpoint lookup per
 * account and mode, one insert of jobs), in the order they were recorded.
 */
@injectable()
export class RecordEvent {
  private readonly batch: CommitBatch<Event> = { write: (events) => this.write(events), order: COMMIT_ORDER.events };

  constructor(
    @inject(EVENTS.EventRepository) private readonly events: EventRepository,
    @inject(EVENTS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(JOBS.Queue) private readonly queue: JobQueue,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, type: EventType, data: object, previousAttributes?: object): Promise<Event> {
    return (await this.executeMany([{ scope, type, data, previousAttributes }]))[0];
  }

  async executeMany(records: EventRecord[]): Promise<Event[]> {
    if (records.length === 0) return [];
    if (!this.uow.active())
      throw new Error(`event '${records[0].type}' must be recorded inside the unit of work of the change that caused it`);
    const now = this.clock.now();
    const events = records.map(({ scope, type, data, previousAttributes }) => Event.record(scope, type, data, now, previousAttributes));
    for (const event of events) this.uow.addAtCommit(this.batch, event);
    return events;
  }

  private async write(events: Event[]): Promise<void> {
    await this.events.addMany(events);
    const scopes = groupBy(events, (event) => `${event.accountId}:${event.livemode}`);
    const jobs: Array<{ name: string; data: DeliveryJob }> = [];
    for (const inScope of scopes.values()) {
      const endpoints = await this.endpoints.listSubscribed(inScope[0], [...new Set(inScope.map((event) => event.type))]);
      for (const event of inScope) {
        const series = randomBase62(12);
        for (const endpoint of endpoints) {
          if (endpoint.subscribesTo(event.type))
            jobs.push({ name: WEBHOOK_DELIVERY_QUEUE, data: { eventId: event.id, endpointId: endpoint.id, series, attempt: 1 } });
        }
      }
    }
    await this.queue.sendMany(jobs);
  }
}
