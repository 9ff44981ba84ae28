// Seeding: a merchant's catalog made through the API once, then as many copies of a row as a trial needs,
// made in SQL (creating 20 000 subscriptions through the API would take longer than the benchmark).
import { request } from 'undici';
import type { Context } from './harness';

/** Calls the in-process API with the bench merchant's key (or none, for the checkout page's endpoints). */
export async function call<T = any>(
  ctx: Context,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  body?: object,
  { key = true, apiKey = ctx.key } = {},
): Promise<T> {
  const res = await request(`${ctx.api}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${apiKey}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.body.json()) as { data: T };
  if (res.statusCode !== 200) throw new Error(`${method} ${path}: ${res.statusCode} ${JSON.stringify(json)}`);
  return json.data;
}

export interface Catalog {
  customer: string;
  /** Five one-time prices. */
  prices: { id: string; amount: number }[];
  /** A monthly plan. */
  plan: string;
  /** A percentage code every cart takes, and an amount code the apply/remove cycle toggles. */
  codes: { percent: string; amount: string };
}

let catalog: Promise<Catalog> | undefined;

/** The bench merchant's catalog, made once per run. */
export function benchCatalog(ctx: Context): Promise<Catalog> {
  catalog ??= (async () => {
    const customer = await call(ctx, 'POST', '/v1/customers', { name: 'Noa Cohen', email: 'noa@example.co.il' });
    const product = await call(ctx, 'POST', '/v1/products', { name: 'Olive oil' });
    const prices = [];
    for (let i = 0; i < 5; i++) {
      const amount = 1_990 + i * 1_000;
      prices.push({
        id: (await call(ctx, 'POST', '/v1/prices', { product: product.id, unit_amount: amount, currency: 'ils', type: 'one_time' })).id,
        amount,
      });
    }
    const plan = await call(ctx, 'POST', '/v1/prices', {
      product: product.id,
      unit_amount: 9_900,
      currency: 'ils',
      type: 'recurring',
      recurring: { interval: 'month' },
    });
    await call(ctx, 'POST', '/v1/discounts', { name: 'Ten percent', code: 'BENCH10', percent_off: 10 });
    await call(ctx, 'POST', '/v1/discounts', { name: 'Five shekels', code: 'FIVE', amount_off: 500, currency: 'ils' });
    return { customer: customer.id, prices, plan: plan.id, codes: { percent: 'BENCH10', amount: 'FIVE' } };
  })();
  return catalog;
}

/** A checkout session's creation body: a cart of the five prices with the percentage code. */
export const cartBody = (c: Catalog) => ({
  customer: c.customer,
  line_items: c.prices.map((price, i) => ({ name: `Item ${i + 1}`, amount_agorot: price.amount, quantity: 1 + (i % 2), price: price.id })),
  coupon_codes: [c.codes.percent],
  success_url: 'https://shop.example.co.il/thanks',
  cancel_url: 'https://shop.example.co.il/cart',
});

/** Mixed checkout: the monthly plan with two one-time lines and the code. */
export const mixedBody = (c: Catalog) => ({ ...cartBody(c), price: c.plan, line_items: cartBody(c).line_items.slice(0, 2) });

const columns = new Map<string, Promise<string[]>>();

/**
 * `count` copies of row `id` of `table`, each with a fresh id (`prefix_…`) and the `changes` given as SQL
 * expressions over the template's columns (`g` is the copy's number); returns the new ids.
 */
export async function copyRow(
  ctx: Context,
  table: string,
  id: string,
  count: number,
  changes: Record<string, string> = {},
): Promise<string[]> {
  if (!columns.has(table)) {
    columns.set(
      table,
      ctx.db
        .query(
          `select column_name from information_schema.columns where table_name = $1 and is_generated = 'NEVER' and identity_generation is null order
            by ordinal_position`,
          [table],
        )
        .then((r) => r.rows.map((row) => row.column_name as string)),
    );
  }
  const names = await columns.get(table)!;
  const prefix = id.slice(0, id.indexOf('_'));
  const values = names.map((name) =>
    name === 'id' ? `'${prefix}_' || substr(md5(random()::text || g), 1, 24)` : (changes[name] ?? `t.${name}`),
  );
  const { rows } = await ctx.db.query(
    `insert into ${table} (${names.join(', ')}) select ${values.join(', ')} from ${table} t, generate_series(1, $2) g where t.id = $1 returning id`,
    [id, count],
  );
  return rows.map((row) => row.id as string);
}
