import { Migration } from '@mikro-orm/migrations';

export class Migration20261123090000 extends Migration {
  override async up(): Promise<void> {
    // The event feed's order: the recording transaction's id, then insertion order within it. An event
    // becomes readable once every transaction with a smaller id has ended, so a reader moving past it
    // can never skip one that commits later.
    this.addSql('alter table events add column feed_xid xid8 not null default pg_current_xact_id()');
    this.addSql('alter table events add column feed_seq bigint generated always as identity');
    this.addSql('create index events_feed_idx on events (account_id, livemode, feed_xid, feed_seq)');
  }
}
