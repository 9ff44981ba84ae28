import { Migration } from '@mikro-orm/migrations';

export class Migration20261125040000 extends Migration {
  override async up(): Promise<void> {
    // Document lines keep the service's own names (`unitAmount`); the contract's `unit_amount` is the
    // document mapper's. Rewrites each stored line in place, in its order.
    this.addSql(`create function pg_temp.kupa_line_keys(lines json) returns json language sql immutable as $$
      select coalesce(json_agg(
               case when line::jsonb ? 'unit_amount'
                    then json_build_object('description', line->'description', 'quantity', line->'quantity',
                                           'unitAmount', line->'unit_amount', 'amount', line->'amount')
                    else line end
               order by position), '[]'::json)
        from json_array_elements(lines) with ordinality as t(line, position) $$`);
    this.addSql('update documents set lines = pg_temp.kupa_line_keys(lines)');
    this.addSql('update charges set document_lines = pg_temp.kupa_line_keys(document_lines)');
    // A payment attempt's replayable request carries the lines its charge will have.
    this.addSql(`update payment_attempts
                    set request = (request::jsonb || jsonb_build_object('documentLines', pg_temp.kupa_line_keys(request->'documentLines')::jsonb))::json
                  where json_typeof(request->'documentLines') = 'array'`);
  }
}
