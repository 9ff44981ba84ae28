import { Migration } from '@mikro-orm/migrations';

export class Migration20261202010000 extends Migration {
  override async up(): Promise<void> {
    // What the gateway told of a terminal when it was connected (Tranzila: the name of its user field 20).
    // A connection made before has none: its connector asks the gateway the first time it needs it.
    this.addSql(`alter table processor_connections add column settings jsonb not null default '{}'`);
  }
}
