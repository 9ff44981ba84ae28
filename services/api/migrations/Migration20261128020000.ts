import { Migration } from '@mikro-orm/migrations';

export class Migration20261128020000 extends Migration {
  override async up(): Promise<void> {
    // The few documents still waiting for their allocation number, oldest first: the daily sweep and a
    // new connection read them without reading every document.
    this.addSql(`create index documents_awaiting_allocation on documents (issued_at) where allocation->>'status' = 'pending'`);
    // The hourly housekeeping removes portal sessions a day past their end.
    this.addSql(`create index portal_sessions_expiry on portal_sessions (expires_at)`);
  }
}
