import { Migration } from '@mikro-orm/migrations';

export class Migration20261126070000 extends Migration {
  override async up(): Promise<void> {
    // A merchant's own key-value pairs on checkout sessions and webhook endpoints, and on the charges and
    // refunds a session or subscription pays (copied from it).
    for (const table of ['checkout_sessions', 'webhook_endpoints', 'charges', 'refunds'])
      this.addSql(`alter table ${table} add column metadata json not null default '{}'`);
  }
}
