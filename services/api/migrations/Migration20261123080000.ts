import { Migration } from '@mikro-orm/migrations';

export class Migration20261123080000 extends Migration {
  override async up(): Promise<void> {
    // When a test clock's last advance began: one still running long after was cut short by a crash.
    this.addSql('alter table test_clocks add column advanced_at timestamptz');
  }
}
