import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { Event } from '../../domain/event';
import type { EventType } from '../../domain/event-types';
import type { FeedCursor } from '../../domain/feed-cursor';
import type { DeliveryKey, WebhookDelivery } from '../../domain/webhook-delivery';
import type { WebhookEndpoint } from '../../domain/webhook-endpoint';

export interface EventRepository {
  addMany(events: Event[]): Promise<void>;
  findById(scope: Scope, id: string): Promise<Event | null>;
  /** For delivery jobs, which carry ids only. */
  findManyUnscoped(ids: string[]): Promise<Event[]>;
  list(scope: Scope, filter: { type?: EventType; object?: string }, page: PageRequest): Promise<Page<Event>>;
  /** Where the feed ends now: every event already readable lies at or before it. */
  feedEnd(): Promise<FeedCursor>;
  /** Up to `limit` readable events after `cursor`, in feed order, each with its own position. */
  feedAfter(scope: Scope, cursor: FeedCursor, limit: number): Promise<Array<{ event: Event; position: FeedCursor }>>;
}

export interface WebhookEndpointRepository {
  /** Inserts and assigns the integer id. */
  add(endpoint: WebhookEndpoint): Promise<void>;
  /** Writes whether it is active or deleted. */
  save(endpoint: WebhookEndpoint): Promise<void>;
  /** Locks the endpoint for the rest of the unit of work (rotations take turns). */
  findByIdForUpdate(scope: Scope, id: number): Promise<WebhookEndpoint | null>;
  /** Endpoints with a signing secret stored in the clear (before secrets were sealed), up to `limit`. */
  findUnsealed(limit: number): Promise<WebhookEndpoint[]>;
  /** Replaces a secret stored in the clear by its seal, unless it has changed since it was read. */
  sealStored(endpoint: WebhookEndpoint, stored: string, sealed: string): Promise<void>;
  findById(scope: Scope, id: number): Promise<WebhookEndpoint | null>;
  /** Deleted ones included: a delivery job may outlive its endpoint. */
  findManyUnscoped(ids: number[]): Promise<WebhookEndpoint[]>;
  list(scope: Scope): Promise<WebhookEndpoint[]>;
  /** Active endpoints subscribed to any of `types` (or `*`). */
  listSubscribed(scope: Scope, types: EventType[]): Promise<WebhookEndpoint[]>;
  /** Counts the scope's endpoints, holding a lock so concurrent registrations take turns. */
  countLocked(scope: Scope): Promise<number>;
}

export interface WebhookDeliveryRepository {
  /** Records the attempts in one statement; answers the `deliveryKey`s of those not already recorded (a job run twice). */
  addMany(deliveries: WebhookDelivery[]): Promise<Set<string>>;
  /** Which of these attempts are already recorded, as `deliveryKey`s. */
  recorded(keys: DeliveryKey[]): Promise<Set<string>>;
  list(endpointId: number, filter: { event?: string }, page: PageRequest): Promise<Page<WebhookDelivery>>;
}
