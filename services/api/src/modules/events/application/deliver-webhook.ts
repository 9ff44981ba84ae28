import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { JOBS } from '../../../platform/jobs/jobs.tokens';
import type { Metrics } from '../../../platform/metrics/metrics';
import { METRICS } from '../../../platform/metrics/metrics.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { nextRetryDelay, parseRetryAfter } from '../domain/retry-policy';
import { classify, type DeliveryOutcome, WebhookDelivery } from '../domain/webhook-delivery';
import { signatureHeaders } from '../domain/webhook-signature';
import { EVENTS, WEBHOOK_DELIVERY_QUEUE } from '../events.tokens';
import type { EventRepository, WebhookDeliveryRepository, WebhookEndpointRepository } from './ports/event-repository';
import type { WebhookSender, WebhookSettings } from './ports/webhook-transport';
import type { DeliveryJob } from './record-event';

export const USER_AGENT = 'Kupa-Webhooks/1.0';

/**
 * One attempt of one delivery: POST the event, then record the attempt and schedule the next one in a
 * single transaction. Running the same job twice never records or schedules twice; the POST itself may
 * repeat after a crash, which is why receivers deduplicate by event id.
 */
@injectable()
export class DeliverWebhook {
  constructor(
    @inject(EVENTS.EventRepository) private readonly events: EventRepository,
    @inject(EVENTS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(EVENTS.WebhookDeliveryRepository) private readonly deliveries: WebhookDeliveryRepository,
    @inject(EVENTS.WebhookSender) private readonly sender: WebhookSender,
    @inject(EVENTS.Settings) private readonly settings: WebhookSettings,
    @inject(JOBS.Queue) private readonly queue: JobQueue,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
    @inject(METRICS.Metrics) private readonly metrics: Metrics,
  ) {}

  async execute(job: DeliveryJob): Promise<void> {
    if (await this.deliveries.exists(job)) return;
    const [event, endpoint] = await Promise.all([this.events.findByIdUnscoped(job.eventId), this.endpoints.findByIdUnscoped(job.endpointId)]);
    if (!event || !endpoint || endpoint.deletedAt) return;

    const body = JSON.stringify(event.envelope());
    const result = await this.sender.send({
      url: endpoint.url,
      body,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': USER_AGENT,
        ...signatureHeaders(endpoint.signingSecrets(this.clock.now()), event.id, body, Math.floor(this.clock.now().getTime() / 1000)),
      },
      allowLoopback: !endpoint.livemode && this.settings.allowLoopbackInTestMode,
    });

    const now = this.clock.now();
    const verdict = classify(result);
    const wasActive = endpoint.active;
    let outcome: DeliveryOutcome = 'succeeded';
    let nextRetryAt: Date | null = null;
    if (verdict === 'gone') {
      outcome = 'failed';
      endpoint.deactivate();
    } else if (verdict === 'failed') {
      const delay = nextRetryDelay(this.settings.retryPolicy, job.attempt, parseRetryAfter(result.retryAfter, now), Math.random);
      outcome = delay === undefined ? 'abandoned' : 'failed';
      nextRetryAt = delay === undefined ? null : new Date(now.getTime() + delay);
    } else if (!endpoint.active) {
      endpoint.reactivate();
    }

    await this.uow.run(async () => {
      const delivery = WebhookDelivery.record({ accountId: endpoint.accountId, eventId: event.id, eventType: event.type, endpointId: endpoint.id, series: job.series, attempt: job.attempt, result, outcome, nextRetryAt, now });
      if (!(await this.deliveries.add(delivery))) return;
      this.uow.afterCommit(() => this.metrics.webhookDeliveries.inc({ outcome }));
      if (nextRetryAt) await this.queue.send(WEBHOOK_DELIVERY_QUEUE, { ...job, attempt: job.attempt + 1 } satisfies DeliveryJob, { startAfter: nextRetryAt });
      // Only a change is written: every delivery rewriting the endpoint's row made them queue on its lock.
      if (endpoint.active !== wasActive) await this.endpoints.save(endpoint);
    });
  }
}
