import { inject, injectable } from 'inversify';
import type { SecretBox } from '../../../shared/domain/secret-box';
import { openSigningSecrets } from './signing-secrets';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import type { JobQueue } from '../../../platform/jobs/job-queue';
import { JOBS } from '../../../platform/jobs/jobs.tokens';
import type { Metrics } from '../../../platform/metrics/metrics';
import { METRICS } from '../../../platform/metrics/metrics.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { nextRetryDelay, parseRetryAfter } from '../domain/retry-policy';
import type { Event } from '../domain/event';
import { type AttemptResult, classify, type DeliveryOutcome, deliveryKey, WebhookDelivery } from '../domain/webhook-delivery';
import type { WebhookEndpoint } from '../domain/webhook-endpoint';
import { signatureHeaders } from '../domain/webhook-signature';
import { EVENTS, WEBHOOK_DELIVERY_QUEUE } from '../events.tokens';
import type { EventRepository, WebhookDeliveryRepository, WebhookEndpointRepository } from './ports/event-repository';
import type { WebhookRequest, WebhookSender, WebhookSettings } from './ports/webhook-transport';
import type { DeliveryJob } from './record-event';

export const USER_AGENT = 'Kupa-Webhooks/1.0';

/**
 * Attempts of deliveries, a batch of jobs at once: the batch's events and endpoints are read together,
 * every POST is made concurrently, then one transaction records each attempt and schedules the next
 * ones. Running the same jobs twice never records or schedules twice; a POST itself may repeat after a
 * crash, which is why receivers deduplicate by event id.
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
    @inject(SHARED.SecretBox) private readonly secrets: SecretBox,
  ) {}

  async execute(batch: DeliveryJob[]): Promise<void> {
    // Read together: attempts already recorded (a batch run again after a crash) are rarely any.
    const [recorded, events, endpoints] = await Promise.all([
      this.deliveries.recorded(batch),
      this.events.findManyUnscoped([...new Set(batch.map((job) => job.eventId))]),
      this.endpoints.findManyUnscoped([...new Set(batch.map((job) => job.endpointId))]),
    ]);
    const jobs = batch.filter((job) => !recorded.has(deliveryKey(job)));
    if (jobs.length === 0) return;
    const eventOf = new Map(events.map((event) => [event.id, event]));
    const endpointOf = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint]));
    const wasActive = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.active]));

    const posts = jobs.flatMap((job) => {
      const event = eventOf.get(job.eventId);
      const endpoint = endpointOf.get(job.endpointId);
      return event && endpoint && !endpoint.deletedAt ? [{ job, event, endpoint }] : [];
    });
    const signedAt = this.clock.now();
    const secrets = new Map(
      await Promise.all(
        [...new Set(posts.map(({ endpoint }) => endpoint))].map(
          async (endpoint) =>
            [endpoint.id, await openSigningSecrets(this.secrets, endpoint.accountId, endpoint.signingSecrets(signedAt))] as const,
        ),
      ),
    );
    const results = await this.sender.sendAll(
      posts.map(({ event, endpoint }) => this.request(event, endpoint, secrets.get(endpoint.id)!, signedAt)),
    );
    const now = this.clock.now();
    const attempts = posts.map(({ job, event, endpoint }, i) => ({ job, delivery: this.judge(job, event, endpoint, results[i], now) }));

    await this.uow.run(async () => {
      const added = await this.deliveries.addMany(attempts.map(({ delivery }) => delivery));
      const fresh = attempts.filter(({ delivery }) => added.has(deliveryKey(delivery)));
      for (const { delivery } of fresh) this.uow.afterCommit(() => this.metrics.webhookDeliveries.inc({ outcome: delivery.outcome }));
      await this.queue.sendMany(
        fresh.flatMap(({ job, delivery }) =>
          delivery.nextRetryAt
            ? [
                {
                  name: WEBHOOK_DELIVERY_QUEUE,
                  data: { ...job, attempt: job.attempt + 1 } satisfies DeliveryJob,
                  startAfter: delivery.nextRetryAt,
                },
              ]
            : [],
        ),
      );
      // Only a change is written: every delivery rewriting the endpoint's row made them queue on its lock.
      for (const endpoint of endpoints) if (endpoint.active !== wasActive.get(endpoint.id)) await this.endpoints.save(endpoint);
    });
  }

  /** The POST of `event` to `endpoint`, signed at `now` with the endpoint's signing secrets, opened. */
  private request(event: Event, endpoint: WebhookEndpoint, secrets: string[], now: Date): WebhookRequest {
    const body = JSON.stringify(event.envelope());
    return {
      url: endpoint.url,
      body,
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': USER_AGENT,
        ...signatureHeaders(secrets, event.id, body, Math.floor(now.getTime() / 1000)),
      },
      allowLoopback: !endpoint.livemode && this.settings.allowLoopbackInTestMode,
    };
  }

  /** The attempt as recorded: its outcome, its retry if one is left, and what it says of the endpoint. */
  private judge(job: DeliveryJob, event: Event, endpoint: WebhookEndpoint, result: AttemptResult, now: Date): WebhookDelivery {
    const verdict = classify(result);
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
    return WebhookDelivery.record({
      accountId: endpoint.accountId,
      eventId: event.id,
      eventType: event.type,
      endpointId: endpoint.id,
      series: job.series,
      attempt: job.attempt,
      result,
      outcome,
      nextRetryAt,
      now,
    });
  }
}
