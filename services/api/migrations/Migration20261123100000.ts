import { Migration } from '@mikro-orm/migrations';

export class Migration20261123100000 extends Migration {
  override async up(): Promise<void> {
    // A rotated-out signing secret keeps signing deliveries beside the new one until it expires.
    this.addSql('alter table webhook_endpoints add column previous_secret text, add column previous_secret_expires_at timestamptz');
  }
}
