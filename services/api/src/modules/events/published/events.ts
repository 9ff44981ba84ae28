import type { Schemas } from '../../../shared/contract/contract';
import type { Event } from '../domain/event';
import type { WebhookDelivery } from '../domain/webhook-delivery';
import type { WebhookEndpoint } from '../domain/webhook-endpoint';

export function toEventResponse(event: Event): Schemas['Event'] {
  return event.envelope() as Schemas['Event'];
}

export function toWebhookEndpointResponse(endpoint: WebhookEndpoint, now: Date): Schemas['WebhookEndpoint'] {
  return {
    id: endpoint.id,
    object: 'webhook_endpoint',
    url: endpoint.url,
    events: endpoint.events,
    active: endpoint.active,
    previous_secret_expires_at: endpoint.previousSecretValidUntil(now)?.toISOString() ?? null,
    metadata: endpoint.metadata,
    livemode: endpoint.livemode,
    created: endpoint.createdAt.toISOString(),
  };
}

export function toWebhookDeliveryResponse(delivery: WebhookDelivery): Schemas['WebhookDelivery'] {
  return {
    id: delivery.id,
    object: 'webhook_delivery',
    event: delivery.eventId,
    event_type: delivery.eventType,
    webhook_endpoint: delivery.endpointId,
    attempt: delivery.attempt,
    outcome: delivery.outcome,
    response_status: delivery.responseStatus,
    duration_ms: delivery.durationMs,
    response_body: delivery.responseBody,
    error: delivery.error,
    next_retry_at: delivery.nextRetryAt?.toISOString() ?? null,
    created: delivery.createdAt.toISOString(),
  };
}
