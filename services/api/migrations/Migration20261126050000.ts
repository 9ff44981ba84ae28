import { Migration } from '@mikro-orm/migrations';

export class Migration20261126050000 extends Migration {
  override async up(): Promise<void> {
    // Discounts that repeat for a number of months of a subscription's billing.
    this.addSql(`alter table discounts add column duration_in_months integer check (duration_in_months between 1 and 36)`);
    this.addSql(`alter table discounts drop constraint discounts_duration_check`);
    this.addSql(`alter table discounts add constraint discounts_duration_check check (duration in ('once', 'forever', 'repeating'))`);
    // A subscription's plan discounts, each until a date or forever: [{ "amount", "until" }].
    this.addSql(`alter table subscriptions add column plan_discounts json not null default '[]'`);
    this.addSql(
      `update subscriptions set plan_discounts = json_build_array(json_build_object('amount', (plan_discount->>'amount')::int, 'until', null))
       where plan_discount is not null`,
    );
    this.addSql(`alter table subscriptions drop column plan_discount`);
  }
}
