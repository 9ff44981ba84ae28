import { Migration } from '@mikro-orm/migrations';

export class Migration20261126020000 extends Migration {
  override async up(): Promise<void> {
    // A merchant's own key-value pairs on products and prices.
    this.addSql(`alter table products add column metadata json not null default '{}'`);
    this.addSql(`alter table prices add column metadata json not null default '{}'`);
  }
}
