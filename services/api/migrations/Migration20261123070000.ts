import { Migration } from '@mikro-orm/migrations';

export class Migration20261123070000 extends Migration {
  override async up(): Promise<void> {
    // Rate limits: a token bucket per account and mode, and per client address on public endpoints.
    this.addSql(`create table rate_limit_buckets (
        key text primary key,
        tokens float8 not null,
        updated_at timestamptz not null
      )`);
  }
}
