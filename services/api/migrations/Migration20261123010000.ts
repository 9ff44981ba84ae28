import { Migration } from '@mikro-orm/migrations';

export class Migration20261123010000 extends Migration {
  override async up(): Promise<void> {
    // A session's plan has the same shape as a subscription's, currency included.
    this.addSql(
      `update checkout_sessions set plan = (plan::jsonb || jsonb_build_object('currency', currency))::json where plan is not null and
        plan->>'currency' is null`,
    );
  }
}
