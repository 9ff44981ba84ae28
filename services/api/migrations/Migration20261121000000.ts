import { Migration } from '@mikro-orm/migrations';

export class Migration20261121000000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table accounts (
        id text primary key,
        name text not null,
        wallets_enabled boolean not null default false,
        live_onboarded boolean not null default false,
        created_at timestamptz not null
      );

      create table api_keys (
        id text primary key,
        account_id text not null references accounts (id),
        livemode boolean not null,
        scope text not null check (scope in ('full', 'checkout')),
        secret_hash text not null unique,
        last4 text not null,
        created_at timestamptz not null,
        revoked_at timestamptz
      );
      create index api_keys_account on api_keys (account_id, livemode, scope);

      create table test_clocks (
        id text primary key,
        account_id text not null references accounts (id),
        name text,
        frozen_time timestamptz not null,
        status text not null default 'ready',
        created_at timestamptz not null
      );
      create index test_clocks_list on test_clocks (account_id, created_at desc, id desc);

      create table products (
        id text primary key,
        account_id text not null references accounts (id),
        livemode boolean not null,
        name text not null,
        description text,
        active boolean not null default true,
        created_at timestamptz not null
      );
      create index products_list on products (account_id, livemode, created_at desc, id desc);

      create table prices (
        id text primary key,
        account_id text not null references accounts (id),
        livemode boolean not null,
        product_id text not null references products (id),
        unit_amount bigint not null check (unit_amount > 0),
        currency text not null,
        tax_mode text not null,
        type text not null check (type in ('one_time', 'recurring')),
        recurring_interval text check (recurring_interval in ('month', 'year')),
        trial_period_days integer check (trial_period_days between 1 and 730),
        active boolean not null default true,
        created_at timestamptz not null,
        check ((type = 'recurring') = (recurring_interval is not null)),
        check (type = 'recurring' or trial_period_days is null)
      );
      create index prices_list on prices (account_id, livemode, created_at desc, id desc);
      create index prices_product on prices (product_id);

      create table customers (
        id text primary key,
        account_id text not null references accounts (id),
        livemode boolean not null,
        name text not null,
        email text,
        phone text,
        test_clock_id text references test_clocks (id),
        created_at timestamptz not null
      );
      create index customers_list on customers (account_id, livemode, created_at desc, id desc);
      create index customers_email on customers (account_id, livemode, email);
    `);
  }
}
