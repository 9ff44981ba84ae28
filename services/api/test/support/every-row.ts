import type { TestApp } from './harness';

/** Every row of every table (Kupa's and the job queue's), as text: for proving a secret is stored nowhere in the clear. */
export async function everyRow(app: TestApp): Promise<{ table: string; row: string }[]> {
  const sql = (query: string) => app.services.orm.em.fork().getConnection().execute(query);
  const tables = await sql(
    `select table_schema, table_name from information_schema.tables where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
  );
  const rows: { table: string; row: string }[] = [];
  for (const { table_schema: schema, table_name: name } of tables) {
    const table = `${schema}.${name}`;
    for (const { row } of await sql(`select t::text as row from "${schema}"."${name}" t`)) rows.push({ table, row });
  }
  return rows;
}
