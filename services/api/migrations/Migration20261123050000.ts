import { Migration } from '@mikro-orm/migrations';

export class Migration20261123050000 extends Migration {
  override async up(): Promise<void> {
    // Card tokens are single-use and bound to where they were minted: account, mode, session and its customer.
    this.addSql(`create table card_tokens (
        token text primary key,
        account_id text not null references accounts (id),
        livemode boolean not null,
        checkout_session_id text not null,
        customer_id text not null,
        used_for text,
        created_at timestamptz not null
      )`);
  }
}
