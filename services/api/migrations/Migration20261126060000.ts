import { Migration } from '@mikro-orm/migrations';

export class Migration20261126060000 extends Migration {
  override async up(): Promise<void> {
    // A deleted customer is gone from the API; its charges and documents keep pointing at it.
    this.addSql(`alter table customers add column deleted_at timestamptz`);
  }
}
