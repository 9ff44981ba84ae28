import { ArrayType, BigIntType, EntitySchema } from '@mikro-orm/postgresql';
import { Event } from '../../domain/event';
import { WebhookDelivery } from '../../domain/webhook-delivery';
import { WebhookEndpoint } from '../../domain/webhook-endpoint';

export const EventSchema = new EntitySchema<Event>({
  class: Event,
  tableName: 'events',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    type: { type: 'string' },
    data: { type: 'json' },
    previousAttributes: { type: 'json', nullable: true },
    createdAt: { type: 'Date' },
  },
});

export const WebhookEndpointSchema = new EntitySchema<WebhookEndpoint>({
  class: WebhookEndpoint,
  tableName: 'webhook_endpoints',
  properties: {
    id: { type: new BigIntType('number'), primary: true, autoincrement: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    url: { type: 'string' },
    events: { type: ArrayType },
    secret: { type: 'string' },
    previousSecret: { type: 'string', nullable: true },
    previousSecretExpiresAt: { type: 'Date', nullable: true },
    active: { type: 'boolean' },
    metadata: { type: 'json' },
    createdAt: { type: 'Date' },
    deletedAt: { type: 'Date', nullable: true },
  },
});

export const WebhookDeliverySchema = new EntitySchema<WebhookDelivery>({
  class: WebhookDelivery,
  tableName: 'webhook_deliveries',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    eventId: { type: 'string' },
    eventType: { type: 'string' },
    endpointId: { type: new BigIntType('number') },
    series: { type: 'string' },
    attempt: { type: 'integer' },
    outcome: { type: 'string' },
    responseStatus: { type: 'integer', nullable: true },
    durationMs: { type: 'integer' },
    responseBody: { type: 'text', nullable: true },
    error: { type: 'string', nullable: true },
    nextRetryAt: { type: 'Date', nullable: true },
    createdAt: { type: 'Date' },
  },
});
