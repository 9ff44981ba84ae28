import { Migration } from '@mikro-orm/migrations';

export class Migration20261126040000 extends Migration {
  override async up(): Promise<void> {
    // Subscriptions a merchant changes: quantity, metadata, pauses, prorations for the next renewal, and
    // the change whose charge is in flight. A subscription in its trial says so.
    this.addSql(`alter table subscriptions
      add column quantity integer not null default 1 check (quantity between 1 and 10000),
      add column resumes_at timestamptz,
      add column prorations json not null default '[]',
      add column pending_change_id text,
      add column metadata json not null default '{}'`);
    this.addSql(`alter table subscriptions drop constraint subscriptions_status_check`);
    this.addSql(
      `alter table subscriptions add constraint subscriptions_status_check check (status in ('trialing', 'active', 'past_due', 'paused', 'canceled'))`,
    );
    this.addSql(`update subscriptions set status = 'trialing' where status = 'active' and period_index = -1`);
    // Renewals are due for subscriptions trialing, active or paused (whose periods pass uncharged).
    this.addSql(`drop index subscriptions_due`);
    this.addSql(`create index subscriptions_due on subscriptions (current_period_end) where status in ('trialing', 'active', 'paused')`);
    this.addSql(`create index subscriptions_resume on subscriptions (resumes_at) where status = 'paused'`);
    this.addSql(`create table subscription_changes (
      id text primary key,
      account_id text not null,
      livemode boolean not null,
      subscription_id text not null,
      status text not null check (status in ('pending', 'succeeded', 'failed')),
      amount integer not null check (amount > 0),
      credit_used integer not null,
      change json not null,
      created_at timestamptz not null
    )`);
    this.addSql(`create index subscription_changes_pending on subscription_changes (created_at) where status = 'pending'`);
    // A customer's credit (negative) or debt, in agorot.
    this.addSql(`alter table customers add column balance integer not null default 0`);
    // An update's changed fields, as they were.
    this.addSql(`alter table events add column previous_attributes json`);
  }
}
