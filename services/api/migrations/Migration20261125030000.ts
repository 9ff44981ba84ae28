import { Migration } from '@mikro-orm/migrations';

export class Migration20261125030000 extends Migration {
  override async up(): Promise<void> {
    // A live processor's own token (Tranzila's) behind the `tok_` id the page holds.
    this.addSql('alter table card_tokens add column processor_token text null');
  }
}
