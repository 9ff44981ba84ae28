import { type EntityManager, type FilterQuery, LockMode } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { paginate } from '../../../../platform/persistence/pagination';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { EventRepository, WebhookDeliveryRepository, WebhookEndpointRepository } from '../../application/ports/event-repository';
import { Event } from '../../domain/event';
import type { EventType } from '../../domain/event-types';
import type { FeedCursor } from '../../domain/feed-cursor';
import { WebhookDelivery } from '../../domain/webhook-delivery';
import { WebhookEndpoint } from '../../domain/webhook-endpoint';

const inScope = (scope: Scope) => ({ accountId: scope.accountId, livemode: scope.livemode });

@injectable()
export class MikroOrmEventRepository implements EventRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async add(event: Event): Promise<void> {
    await this.em.insert(event);
  }

  findById(scope: Scope, id: string): Promise<Event | null> {
    return this.em.findOne(Event, { ...inScope(scope), id });
  }

  findByIdUnscoped(id: string): Promise<Event | null> {
    return this.em.findOne(Event, { id });
  }

  list(scope: Scope, filter: { type?: EventType }, page: PageRequest): Promise<Page<Event>> {
    const where: FilterQuery<Event> = inScope(scope);
    if (filter.type) where.type = filter.type;
    return paginate(this.em, Event, where, page);
  }

  // Readable means every transaction that could still add an earlier event has ended: the feed never
  // moves past a transaction in flight, so a later commit cannot land behind a reader's cursor.
  async feedEnd(): Promise<FeedCursor> {
    const [row] = await this.em.getConnection().execute<Array<{ xid: string }>>(
      'select pg_snapshot_xmin(pg_current_snapshot())::text as xid',
    );
    // Insertion numbers start at 1, so (xmin, 0) lies before every event of xmin and later transactions.
    return { xid: row.xid, seq: '0' };
  }

  async feedAfter(scope: Scope, cursor: FeedCursor, limit: number): Promise<Array<{ event: Event; position: FeedCursor }>> {
    // The positions are read as text (they exceed 2^53) under other names: ordering by the output
    // columns would compare them as text, and '10' sorts before '9'.
    const rows = await this.em.getConnection().execute<Array<{ id: string; xid: string; seq: string }>>(
      `select id, feed_xid::text as xid, feed_seq::text as seq from events
        where account_id = ? and livemode = ? and (feed_xid, feed_seq) > (?::text::xid8, ?::bigint)
          and feed_xid < pg_snapshot_xmin(pg_current_snapshot())
        order by feed_xid, feed_seq limit ?`,
      [scope.accountId, scope.livemode, cursor.xid, cursor.seq, limit],
    );
    if (rows.length === 0) return [];
    const events = new Map((await this.em.find(Event, { id: rows.map((row) => row.id) })).map((event) => [event.id, event]));
    return rows.map((row) => ({ event: events.get(row.id)!, position: { xid: row.xid, seq: row.seq } }));
  }
}

@injectable()
export class MikroOrmWebhookEndpointRepository implements WebhookEndpointRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async add(endpoint: WebhookEndpoint): Promise<void> {
    endpoint.id = Number(await this.em.insert(endpoint));
  }

  async save(endpoint: WebhookEndpoint): Promise<void> {
    await this.em.nativeUpdate(WebhookEndpoint, { id: endpoint.id }, { active: endpoint.active, deletedAt: endpoint.deletedAt });
  }

  findById(scope: Scope, id: number): Promise<WebhookEndpoint | null> {
    return this.em.findOne(WebhookEndpoint, { ...inScope(scope), id, deletedAt: null });
  }

  findByIdUnscoped(id: number): Promise<WebhookEndpoint | null> {
    return this.em.findOne(WebhookEndpoint, { id });
  }

  findByIdForUpdate(scope: Scope, id: number): Promise<WebhookEndpoint | null> {
    return this.em.findOne(WebhookEndpoint, { ...inScope(scope), id, deletedAt: null }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
  }

  async saveSecrets(endpoint: WebhookEndpoint): Promise<void> {
    await this.em.nativeUpdate(
      WebhookEndpoint,
      { id: endpoint.id },
      { secret: endpoint.secret, previousSecret: endpoint.previousSecret, previousSecretExpiresAt: endpoint.previousSecretExpiresAt },
    );
  }

  list(scope: Scope): Promise<WebhookEndpoint[]> {
    return this.em.find(WebhookEndpoint, { ...inScope(scope), deletedAt: null }, { orderBy: { id: 'asc' } });
  }

  listSubscribed(scope: Scope, type: EventType): Promise<WebhookEndpoint[]> {
    return this.em.find(WebhookEndpoint, { ...inScope(scope), active: true, deletedAt: null, events: { $overlap: [type, '*'] } });
  }

  async countLocked(scope: Scope): Promise<number> {
    await this.em.getConnection().execute('select pg_advisory_xact_lock(hashtext(?))', [`webhook_endpoints:${scope.accountId}:${scope.livemode}`], 'run', this.em.getTransactionContext());
    return this.em.count(WebhookEndpoint, { ...inScope(scope), deletedAt: null });
  }
}

@injectable()
export class MikroOrmWebhookDeliveryRepository implements WebhookDeliveryRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async add(delivery: WebhookDelivery): Promise<boolean> {
    const result = await this.em
      .createQueryBuilder(WebhookDelivery)
      .insert({ ...delivery })
      .onConflict(['eventId', 'endpointId', 'series', 'attempt'])
      .ignore()
      .execute('run');
    return result.affectedRows > 0;
  }

  async exists(key: { eventId: string; endpointId: number; series: string; attempt: number }): Promise<boolean> {
    return (await this.em.count(WebhookDelivery, { eventId: key.eventId, endpointId: key.endpointId, series: key.series, attempt: key.attempt })) > 0;
  }

  list(endpointId: number, filter: { event?: string }, page: PageRequest): Promise<Page<WebhookDelivery>> {
    const where: FilterQuery<WebhookDelivery> = { endpointId };
    if (filter.event) where.eventId = filter.event;
    return paginate(this.em, WebhookDelivery, where, page);
  }
}
