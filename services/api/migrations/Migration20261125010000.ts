import { Migration } from '@mikro-orm/migrations';

export class Migration20261125010000 extends Migration {
  override async up(): Promise<void> {
    // The simulated processor checks a capture or refund against the charge's earlier ones, as a real
    // processor refuses a second capture or an over-refund.
    this.addSql(
      `create index sim_ledger_charge_ops on sim_ledger ((request->>'processorRef')) where operation in ('capture', 'void', 'refund')`,
    );
  }
}
