import { Migration } from '@mikro-orm/migrations';

export class Migration20261121010000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table events (
        id text primary key,
        account_id text not null references accounts (id),
        livemode boolean not null,
        type text not null,
        -- json, not jsonb: the payload keeps the key order it was written with.
        data json not null,
        created_at timestamptz not null
      );
      create index events_list on events (account_id, livemode, created_at desc, id desc);
      create index events_by_type on events (account_id, livemode, type, created_at desc, id desc);

      create table webhook_endpoints (
        id bigint generated always as identity primary key,
        account_id text not null references accounts (id),
        livemode boolean not null,
        url text not null,
        events text[] not null,
        secret text not null,
        active boolean not null default true,
        created_at timestamptz not null,
        deleted_at timestamptz
      );
      create index webhook_endpoints_live on webhook_endpoints (account_id, livemode) where deleted_at is null;

      -- One row per attempt. A series is one run of attempts (the first delivery, or a redelivery).
      create table webhook_deliveries (
        id text primary key,
        account_id text not null references accounts (id),
        event_id text not null references events (id),
        event_type text not null,
        endpoint_id bigint not null references webhook_endpoints (id),
        series text not null,
        attempt integer not null check (attempt >= 1),
        outcome text not null check (outcome in ('succeeded', 'failed', 'abandoned')),
        response_status integer,
        duration_ms integer not null,
        error text,
        next_retry_at timestamptz,
        created_at timestamptz not null,
        unique (event_id, endpoint_id, series, attempt)
      );
      create index webhook_deliveries_list on webhook_deliveries (endpoint_id, created_at desc, id desc);
    `);
  }
}
