import { Migration } from '@mikro-orm/migrations';

export class Migration20261126030000 extends Migration {
  override async up(): Promise<void> {
    // A merchant's own key-value pairs on discounts.
    this.addSql(`alter table discounts add column metadata json not null default '{}'`);
  }
}
