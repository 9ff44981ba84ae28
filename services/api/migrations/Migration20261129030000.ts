import { Migration } from '@mikro-orm/migrations';

export class Migration20261129030000 extends Migration {
  override async up(): Promise<void> {
    // The start of each endpoint's answer, shown with its delivery attempt.
    this.addSql(`alter table webhook_deliveries add column response_body text`);
  }
}
