import { Migration } from '@mikro-orm/migrations';

export class Migration20261123060000 extends Migration {
  override async up(): Promise<void> {
    // The redemption a checkout holds of each discount it uses, from its payment's start: the cap counts
    // paid sessions and payments in flight, never more than max_redemptions.
    this.addSql(`create table discount_redemptions (
        discount_id text not null references discounts (id),
        checkout_session_id text not null,
        created_at timestamptz not null,
        primary key (discount_id, checkout_session_id)
      )`);
    this.addSql('create index discount_redemptions_session on discount_redemptions (checkout_session_id)');
  }
}
