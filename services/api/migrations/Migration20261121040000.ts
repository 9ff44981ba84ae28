import { Migration } from '@mikro-orm/migrations';

export class Migration20261121040000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`
      create table subscriptions (
        id text primary key,
        account_id text not null references accounts (id),
        livemode boolean not null,
        customer_id text not null references customers (id),
        price_id text not null references prices (id),
        payment_method_id text not null references payment_methods (id),
        -- The plan, frozen at the start.
        plan json not null,
        status text not null check (status in ('active', 'past_due', 'canceled')),
        -- Paid periods are counted from the anchor (the start, or the trial's end), in whole intervals.
        anchor timestamptz not null,
        period_index integer not null,
        current_period_start timestamptz not null,
        current_period_end timestamptz not null,
        trial_end timestamptz,
        trial_will_end_sent boolean not null default false,
        cancel_at_period_end boolean not null default false,
        canceled_at timestamptz,
        failed_attempts integer not null default 0,
        first_failure_at timestamptz,
        next_retry_at timestamptz,
        plan_discount json,
        test_clock_id text references test_clocks (id),
        created_at timestamptz not null
      );
      create index subscriptions_list on subscriptions (account_id, livemode, created_at desc, id desc);
      create index subscriptions_due on subscriptions (current_period_end) where status = 'active';
      create index subscriptions_retry on subscriptions (next_retry_at) where status = 'past_due';

      alter table charges add column subscription_period integer;
      -- One paid charge per subscription period, whatever runs the renewal and however often.
      create unique index charges_one_per_period on charges (subscription_id, subscription_period) where status = 'succeeded' and subscription_id is not null;
    `);
  }
}
