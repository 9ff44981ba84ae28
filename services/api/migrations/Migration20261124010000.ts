import { Migration } from '@mikro-orm/migrations';

export class Migration20261124010000 extends Migration {
  override async up(): Promise<void> {
    // A replay is the first answer as it was sent: json keeps its keys in their order, jsonb sorts them.
    this.addSql('alter table idempotency_keys alter column response_body type json using response_body::json');
  }
}
