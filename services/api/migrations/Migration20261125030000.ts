import { Migration } from '@mikro-orm/migrations';

export class Migration20261125030000 extends Migration {
  override async up(): Promise<void> {
    // The processor's own token (Tranzila's, the simulated processor's) behind the `tok_` id the page holds.
    this.addSql('alter table card_tokens add column processor_token text null');
    this.addSql('update card_tokens set processor_token = token');
    this.addSql('alter table card_tokens alter column processor_token set not null');
  }
}
