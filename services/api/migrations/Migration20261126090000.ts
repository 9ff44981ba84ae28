import { Migration } from '@mikro-orm/migrations';

export class Migration20261126090000 extends Migration {
  override async up(): Promise<void> {
    // A checkout session that sells a subscription's move to another price: the change quoted when it opened.
    this.addSql(`alter table checkout_sessions add column plan_change json`);
    this.addSql(`alter table checkout_sessions drop constraint checkout_sessions_kind_check`);
    this.addSql(
      `alter table checkout_sessions add constraint checkout_sessions_kind_check check (kind in ('one_time', 'cart', 'subscription', 'mixed', 'plan_change'))`,
    );
  }
}
