import { Migration } from '@mikro-orm/migrations';

export class Migration20261121020000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table discounts (
        id text primary key,
        account_id text not null references accounts (id),
        livemode boolean not null,
        name text not null,
        code text,
        -- Codes are matched case-insensitively; several rules may share one.
        code_key text generated always as (lower(code)) stored,
        automatic boolean not null,
        percent_off integer check (percent_off between 1 and 100),
        amount_off bigint check (amount_off > 0),
        currency text,
        applies_to_prices text[] not null default '{}',
        applies_to_products text[] not null default '{}',
        starts_at timestamptz,
        expires_at timestamptz,
        max_redemptions integer check (max_redemptions > 0),
        times_redeemed integer not null default 0,
        duration text not null check (duration in ('once', 'forever')),
        active boolean not null default true,
        created_at timestamptz not null,
        check ((percent_off is null) <> (amount_off is null)),
        check ((amount_off is null) = (currency is null)),
        check (automatic = (code is null))
      );
      create index discounts_list on discounts (account_id, livemode, created_at desc, id desc);
      create index discounts_code on discounts (account_id, livemode, code_key) where code is not null;
      create index discounts_automatic on discounts (account_id, livemode) where automatic;

      create table checkout_sessions (
        id text primary key,
        account_id text not null references accounts (id),
        livemode boolean not null,
        customer_id text not null references customers (id),
        kind text not null check (kind in ('one_time', 'cart', 'subscription', 'mixed')),
        price_id text references prices (id),
        -- The plan of a subscription or mixed session, frozen at creation.
        plan json,
        -- Cart lines as sent, each linked to its price and product when given.
        line_items json not null,
        currency text not null,
        applied_codes text[] not null default '{}',
        success_url text not null,
        cancel_url text not null,
        create_document boolean not null,
        capture_method text not null check (capture_method in ('automatic', 'manual')),
        payment_methods text[] not null default '{}',
        background_color text not null,
        auto_open_wallets boolean not null,
        locale text not null,
        installments_max integer,
        status text not null check (status in ('pending', 'completed', 'expired')),
        expires_at timestamptz not null,
        completed_at timestamptz,
        charge_id text,
        subscription_id text,
        failed_code_attempts integer not null default 0,
        failed_code_window_start timestamptz,
        created_at timestamptz not null
      );
      create index checkout_sessions_list on checkout_sessions (account_id, livemode, created_at desc, id desc);
      create index checkout_sessions_due on checkout_sessions (expires_at) where status = 'pending';
    `);
  }
}
