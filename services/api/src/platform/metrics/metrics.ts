import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** Jobs waiting in one queue: how many, and how long the oldest has waited. */
export interface QueueBacklog {
  queue: string;
  waiting: number;
  oldestSeconds: number;
}

/**
 * What an operator watches, per process, in Prometheus' format (`GET /metrics` on `METRICS_PORT`): the
 * process itself, requests by operation, the job queues, webhook deliveries, payments and the
 * reconciler. Each process has its own registry; Prometheus adds them up across processes.
 */
export class Metrics {
  readonly registry = new Registry();
  readonly requests = new Counter({
    name: 'kupa_http_requests_total',
    help: 'API requests answered, by operation, method and status.',
    labelNames: ['operation', 'method', 'status'],
    registers: [this.registry],
  });
  readonly requestSeconds = new Histogram({
    name: 'kupa_http_request_duration_seconds',
    help: 'Time to answer an API request, by operation.',
    labelNames: ['operation'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  readonly webhookDeliveries = new Counter({
    name: 'kupa_webhook_deliveries_total',
    help: 'Webhook delivery attempts, by outcome (succeeded, failed, abandoned).',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  readonly payments = new Counter({
    name: 'kupa_payments_total',
    help: 'Charges recorded, by outcome (succeeded, failed, requires_capture).',
    labelNames: ['outcome'],
    registers: [this.registry],
  });
  readonly reconciled = new Counter({
    name: 'kupa_reconciler_actions_total',
    help: 'Operations a crash left in flight that the reconciler finished, by kind.',
    labelNames: ['kind'],
    registers: [this.registry],
  });

  constructor(backlog: () => Promise<QueueBacklog[]>) {
    collectDefaultMetrics({ register: this.registry, prefix: 'kupa_' });
    let read: Promise<QueueBacklog[]> | undefined;
    // Both gauges read the queues once per scrape.
    const current = () => (read ??= backlog().finally(() => setTimeout(() => (read = undefined), 0)));
    const gauge = (name: string, help: string, value: (row: QueueBacklog) => number) =>
      new Gauge({
        name,
        help,
        labelNames: ['queue'],
        registers: [this.registry],
        async collect() {
          this.reset();
          for (const row of await current()) this.set({ queue: row.queue }, value(row));
        },
      });
    gauge('kupa_job_queue_depth', 'Jobs ready to run and not yet started, by queue.', (row) => row.waiting);
    gauge(
      'kupa_job_queue_oldest_seconds',
      'How long the oldest job ready to run has waited, by queue (alert above 60).',
      (row) => row.oldestSeconds,
    );
  }
}
