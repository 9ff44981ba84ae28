import { Migration } from '@mikro-orm/migrations';

export class Migration20261123000000 extends Migration {
  override async up(): Promise<void> {
    // Israeli processors ask card-not-present payers for their ID number (ת.ז.) on some accounts.
    this.addSql('alter table accounts add column cardholder_id_required boolean not null default false');
    // One payment method per saved processor card: saving the same token twice (a double click) yields one.
    this.addSql('create unique index payment_methods_processor_ref on payment_methods (account_id, livemode, processor_ref)');
  }
}
