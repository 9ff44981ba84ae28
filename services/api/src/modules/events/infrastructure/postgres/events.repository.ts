import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import { poolRows, sqlRows } from '../../../../platform/persistence/sql/statements';
import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { EventRepository, WebhookDeliveryRepository, WebhookEndpointRepository } from '../../application/ports/event-repository';
import { Event } from '../../domain/event';
import type { EventType } from '../../domain/event-types';
import type { FeedCursor } from '../../domain/feed-cursor';
import { type DeliveryKey, deliveryKey, WebhookDelivery } from '../../domain/webhook-delivery';
import { WebhookEndpoint } from '../../domain/webhook-endpoint';

const EVENTS = new AggregateTable(Event, []);
/** A delivery's row records one try: written once. */
const DELIVERIES = new AggregateTable(WebhookDelivery, []);
/** What a merchant changes on an endpoint: whether it is on, deleted, its secrets (sealing a stored one is a statement of its own). */
const ENDPOINTS = new AggregateTable(WebhookEndpoint, [
  'url',
  'metadata',
  'events',
  'active',
  'deletedAt',
  'secret',
  'previousSecret',
  'previousSecretExpiresAt',
]);

const inScope = (scope: Scope) => ({ accountId: scope.accountId, livemode: scope.livemode });

type DeliveryKeyRow = { event_id: string; endpoint_id: string; series: string; attempt: number };
const keysOf = (rows: DeliveryKeyRow[]) =>
  new Set(
    rows.map((row) =>
      deliveryKey({ eventId: row.event_id, endpointId: Number(row.endpoint_id), series: row.series, attempt: row.attempt }),
    ),
  );

@injectable()
export class PgEventRepository implements EventRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  // One plain statement, each payload as JSON text: the `json` column keeps its key order.
  addMany(events: Event[]): Promise<void> {
    return EVENTS.insert(this.em, events);
  }

  findById(scope: Scope, id: string): Promise<Event | null> {
    return EVENTS.findOne(this.em, { ...inScope(scope), id });
  }

  findManyUnscoped(ids: string[]): Promise<Event[]> {
    return EVENTS.select(this.em, 'select * from events where id = any($1)', [ids]);
  }

  list(scope: Scope, filter: { type?: EventType; object?: string }, page: PageRequest): Promise<Page<Event>> {
    const where: FilterQuery<Event> = inScope(scope);
    if (filter.type) where.type = filter.type;
    if (filter.object) where.data = { id: filter.object } as never;
    return EVENTS.page(this.em, where, page);
  }

  // Readable means every transaction that could still add an earlier event has ended: the feed never
  // moves past a transaction in flight, so a later commit cannot land behind a reader's cursor.
  async feedEnd(): Promise<FeedCursor> {
    const [row] = await poolRows<{ xid: string }>(this.em, 'select pg_snapshot_xmin(pg_current_snapshot())::text as xid');
    // Insertion numbers start at 1, so (xmin, 0) lies before every event of xmin and later transactions.
    return { xid: row.xid, seq: '0' };
  }

  async feedAfter(scope: Scope, cursor: FeedCursor, limit: number): Promise<Array<{ event: Event; position: FeedCursor }>> {
    // The positions are read as text (they exceed 2^53) under other names: ordering by the output
    // columns would compare them as text, and '10' sorts before '9'.
    const rows = await poolRows<{ id: string; xid: string; seq: string }>(
      this.em,
      `select id, feed_xid::text as xid, feed_seq::text as seq from events
        where account_id = $1 and livemode = $2 and (feed_xid, feed_seq) > ($3::text::xid8, $4::bigint)
          and feed_xid < pg_snapshot_xmin(pg_current_snapshot())
        order by feed_xid, feed_seq limit $5`,
      [scope.accountId, scope.livemode, cursor.xid, cursor.seq, limit],
    );
    if (rows.length === 0) return [];
    const events = new Map((await EVENTS.find(this.em, { id: rows.map((row) => row.id) })).map((event) => [event.id, event]));
    return rows.map((row) => ({ event: events.get(row.id)!, position: { xid: row.xid, seq: row.seq } }));
  }
}

@injectable()
export class PgWebhookEndpointRepository implements WebhookEndpointRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  /** The database numbers it. */
  add(endpoint: WebhookEndpoint): Promise<void> {
    return ENDPOINTS.insert(this.em, [endpoint]);
  }

  save(endpoint: WebhookEndpoint): Promise<void> {
    return ENDPOINTS.save(this.em, [endpoint]);
  }

  findById(scope: Scope, id: number): Promise<WebhookEndpoint | null> {
    return ENDPOINTS.findOne(this.em, { ...inScope(scope), id, deletedAt: null });
  }

  findManyUnscoped(ids: number[]): Promise<WebhookEndpoint[]> {
    return ENDPOINTS.select(this.em, 'select * from webhook_endpoints where id = any($1)', [ids]);
  }

  findByIdForUpdate(scope: Scope, id: number): Promise<WebhookEndpoint | null> {
    return ENDPOINTS.findOne(this.em, { ...inScope(scope), id, deletedAt: null }, { lock: 'wait' });
  }

  list(scope: Scope): Promise<WebhookEndpoint[]> {
    return ENDPOINTS.find(this.em, { ...inScope(scope), deletedAt: null }, { orderBy: { id: 'asc' } });
  }

  findUnsealed(limit: number): Promise<WebhookEndpoint[]> {
    return ENDPOINTS.select(
      this.em,
      `select * from webhook_endpoints where secret like 'whsec\\_%' or previous_secret like 'whsec\\_%' order by id limit $1`,
      [limit],
    );
  }

  async sealStored(endpoint: WebhookEndpoint, stored: string, sealed: string): Promise<void> {
    await sqlRows(
      this.em,
      `update webhook_endpoints set secret = case when secret = $2 then $3 else secret end,
              previous_secret = case when previous_secret = $2 then $3 else previous_secret end
        where id = $1`,
      [endpoint.id, stored, sealed],
    );
  }

  listSubscribed(scope: Scope, types: EventType[]): Promise<WebhookEndpoint[]> {
    return ENDPOINTS.select(
      this.em,
      'select * from webhook_endpoints where account_id = $1 and livemode = $2 and active and deleted_at is null and events && $3',
      [scope.accountId, scope.livemode, [...types, '*']],
    );
  }

  async countLocked(scope: Scope): Promise<number> {
    await sqlRows(this.em, 'select pg_advisory_xact_lock(hashtext($1))', [`webhook_endpoints:${scope.accountId}:${scope.livemode}`]);
    return ENDPOINTS.count(this.em, { ...inScope(scope), deletedAt: null });
  }
}

@injectable()
export class PgWebhookDeliveryRepository implements WebhookDeliveryRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async addMany(deliveries: WebhookDelivery[]): Promise<Set<string>> {
    if (deliveries.length === 0) return new Set();
    const rows = await sqlRows<DeliveryKeyRow>(
      this.em,
      `insert into webhook_deliveries (id, account_id, event_id, event_type, endpoint_id, series, attempt, outcome, response_status, duration_ms,
        error, response_body, next_retry_at, created_at)
       select * from jsonb_to_recordset($1::jsonb) as d(id text, account_id text, event_id text, event_type text, endpoint_id bigint, series text, attempt int,
         outcome text, response_status int, duration_ms int, error text, response_body text, next_retry_at timestamptz, created_at timestamptz)
       on conflict (event_id, endpoint_id, series, attempt) do nothing
       returning event_id, endpoint_id, series, attempt`,
      [
        JSON.stringify(
          deliveries.map((d) => ({
            id: d.id,
            account_id: d.accountId,
            event_id: d.eventId,
            event_type: d.eventType,
            endpoint_id: d.endpointId,
            series: d.series,
            attempt: d.attempt,
            outcome: d.outcome,
            response_status: d.responseStatus,
            duration_ms: d.durationMs,
            error: d.error,
            response_body: d.responseBody,
            next_retry_at: d.nextRetryAt,
            created_at: d.createdAt,
          })),
        ),
      ],
    );
    return keysOf(rows);
  }

  async recorded(keys: DeliveryKey[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows = await poolRows<DeliveryKeyRow>(
      this.em,
      `select event_id, endpoint_id, series, attempt from webhook_deliveries
        where (event_id, endpoint_id, series, attempt) in (
          select * from jsonb_to_recordset($1::jsonb) as k(event_id text, endpoint_id bigint, series text, attempt int))`,
      [JSON.stringify(keys.map((k) => ({ event_id: k.eventId, endpoint_id: k.endpointId, series: k.series, attempt: k.attempt })))],
    );
    return keysOf(rows);
  }

  list(endpointId: number, filter: { event?: string }, page: PageRequest): Promise<Page<WebhookDelivery>> {
    const where: FilterQuery<WebhookDelivery> = { endpointId };
    if (filter.event) where.eventId = filter.event;
    return DELIVERIES.page(this.em, where, page);
  }
}
