import { Migration } from '@mikro-orm/migrations';

export class Migration20261126010000 extends Migration {
  override async up(): Promise<void> {
    // A merchant's own key-value pairs on a customer.
    this.addSql(`alter table customers add column metadata json not null default '{}'`);
  }
}
