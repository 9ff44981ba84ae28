import { newId } from '../../../shared/domain/ids';
import type { EventType } from './event-types';

export type DeliveryOutcome = 'succeeded' | 'failed' | 'abandoned';

/** What one attempt to deliver an event to an endpoint saw. */
export interface AttemptResult {
  status: number | null;
  durationMs: number;
  /** Why it failed without an acceptable answer: `timeout`, `redirect_not_followed`, `forbidden_destination`, … */
  error: string | null;
  retryAfter?: string;
  /** The start of the endpoint's answer (at most `RESPONSE_EXCERPT_BYTES`), for the merchant to see why it failed. */
  responseBody?: string | null;
}

/** How much of an endpoint's answer is kept with the attempt. */
export const RESPONSE_EXCERPT_BYTES = 1_024;

/** One recorded attempt. A series is the run of attempts of one delivery (the first, or a redelivery). */
export class WebhookDelivery {
  id!: string;
  accountId!: string;
  eventId!: string;
  eventType!: EventType;
  endpointId!: number;
  series!: string;
  attempt!: number;
  outcome!: DeliveryOutcome;
  responseStatus!: number | null;
  durationMs!: number;
  error!: string | null;
  responseBody!: string | null;
  nextRetryAt!: Date | null;
  createdAt!: Date;

  static record(input: {
    accountId: string;
    eventId: string;
    eventType: EventType;
    endpointId: number;
    series: string;
    attempt: number;
    result: AttemptResult;
    outcome: DeliveryOutcome;
    nextRetryAt: Date | null;
    now: Date;
  }): WebhookDelivery {
    const delivery = new WebhookDelivery();
    delivery.id = newId('whd');
    delivery.accountId = input.accountId;
    delivery.eventId = input.eventId;
    delivery.eventType = input.eventType;
    delivery.endpointId = input.endpointId;
    delivery.series = input.series;
    delivery.attempt = input.attempt;
    delivery.outcome = input.outcome;
    delivery.responseStatus = input.result.status;
    delivery.durationMs = input.result.durationMs;
    delivery.error = input.result.error;
    delivery.responseBody = input.result.responseBody ?? null;
    delivery.nextRetryAt = input.nextRetryAt;
    delivery.createdAt = input.now;
    return delivery;
  }
}

/** 2xx acknowledges; 410 says the endpoint is gone; anything else (3xx included) is a failure to retry. */
export function classify(result: AttemptResult): 'succeeded' | 'gone' | 'failed' {
  if (result.status !== null && result.status >= 200 && result.status < 300) return 'succeeded';
  if (result.status === 410) return 'gone';
  return 'failed';
}

/** One attempt of one series of deliveries of an event to an endpoint. */
export interface DeliveryKey {
  eventId: string;
  endpointId: number;
  series: string;
  attempt: number;
}

export const deliveryKey = (key: DeliveryKey) => `${key.eventId}:${key.endpointId}:${key.series}:${key.attempt}`;
