import { Migration } from '@mikro-orm/migrations';

export class Migration20261129020000 extends Migration {
  override async up(): Promise<void> {
    // The dashboard's searches: a charge by its card's last four digits, and the events of one object.
    this.addSql(
      `create index charges_card_last4 on charges (account_id, livemode, (payment_method_details->'card'->>'last4'), created_at desc)`,
    );
    this.addSql(`create index events_object on events (account_id, livemode, (data->>'id'), created_at desc)`);
  }
}
