import { Migration } from '@mikro-orm/migrations';

export class Migration20261129040000 extends Migration {
  override async up(): Promise<void> {
    // The last seven days of authenticated requests, for the developers page: method, path, status, request id.
    this.addSql(`create table api_requests (
      id text primary key,
      account_id text not null,
      livemode boolean not null,
      method text not null,
      path text not null,
      status integer not null,
      source text not null check (source in ('key', 'dashboard')),
      user_id text,
      created_at timestamptz not null
    )`);
    this.addSql(`create index api_requests_listing on api_requests (account_id, livemode, created_at desc, id desc)`);
    this.addSql(`create index api_requests_age on api_requests (created_at)`);
  }
}
