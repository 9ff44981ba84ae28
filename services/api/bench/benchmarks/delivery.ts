// Webhook delivery lag under the API's load: the service's worker against a raw loop on the same queue.
import { Pool } from 'undici';
import { CreateAccount } from '../../src/modules/accounts/application/create-account';
import { WEBHOOK_DELIVERY_QUEUE } from '../../src/modules/events/events.tokens';
import { type Benchmark, check, type Context, type Side, size, waitFor } from '../harness';
import { percentile } from '../load';
import { rawEndpoints } from '../raw-webhooks';
import { call } from '../seed';

/** API requests a second, as a steady stream of checkout payments (create the session, tokenize, confirm). */
const REQUESTS_PER_SECOND = size(175, 175, 30);
const LOAD_MS = size(15_000, 6_000, 1_000);
const WARM_UP_MS = size(3_000, 2_000, 500);
/** How long the deliveries may take to arrive once the load stops before the trial fails. */
const DRAIN_TIMEOUT_MS = 180_000;

interface LagAccount {
  key: string;
  accountId: string;
  customer: string;
  /** By the id delivery jobs name them with. */
  endpoints: { id: number; url: string; secret: string }[];
  control: string;
}

let lagAccount: Promise<LagAccount> | undefined;
/** Each side's last timed trial, shown beside the ratio. */
const last: Partial<Record<Side, { p50: number; p99: number; deliveries: number }>> = {};

/** An account of its own whose four endpoints (every event) are the receivers: no other benchmark's events reach them. */
function account(ctx: Context): Promise<LagAccount> {
  lagAccount ??= (async () => {
    const { account, apiKeys } = await ctx.services.inContext(() =>
      ctx.services.container.get(CreateAccount).execute({ name: 'Bench delivery merchant' }),
    );
    const receivers = await ctx.server('receivers');
    const as = { apiKey: apiKeys.test };
    const endpoints = [];
    for (const port of receivers.info.split(' ')) {
      const url = `http://127.0.0.1:${port}/webhooks`;
      const endpoint = await call(ctx, 'POST', '/v1/webhooks', { url, events: ['*'] }, as);
      const { rows } = await ctx.db.query('select id from webhook_endpoints where url = $1 and account_id = $2', [url, account.id]);
      endpoints.push({ id: Number(rows[0].id), url, secret: endpoint.secret as string });
    }
    const customer = (await call(ctx, 'POST', '/v1/customers', { name: 'Lag Cohen', email: 'lag@example.co.il' }, as)).id as string;
    return { key: apiKeys.test, accountId: account.id, customer, endpoints, control: receivers.origin };
  })();
  return lagAccount;
}

/**
 * Checkout payments paid through the subject API at a steady rate for `durationMs` (open loop: a slow
 * answer does not slow the arrivals). Answers the ids of the events they made.
 */
async function steadyPayments(ctx: Context, lag: LagAccount, durationMs: number): Promise<string[]> {
  const api = await ctx.server('subject');
  const pool = new Pool(api.origin, { connections: 50 });
  const post = async (path: string, body: object, key?: string) => {
    const res = await pool.request({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.body.json()) as { data: { id: string; status?: string } };
    check(res.statusCode === 200, `delivery-lag: POST ${path} answered ${res.statusCode} ${JSON.stringify(json)}`);
    return json.data;
  };
  const pay = async () => {
    const session = await post(
      '/v1/checkout_sessions',
      {
        customer: lag.customer,
        line_items: [{ name: 'Olive oil 750 ml', amount_agorot: 4_900 }],
        success_url: 'https://shop.example.co.il/thanks',
        cancel_url: 'https://shop.example.co.il/cart',
      },
      lag.key,
    );
    const token = await post('/v1/tokens', {
      checkout_session: session.id,
      card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' },
    });
    const paid = await post(`/v1/checkout_sessions/${session.id}/confirm`, { payment_method: { type: 'card', token: token.id } });
    check(paid.status === 'succeeded', `delivery-lag: a payment answered ${JSON.stringify(paid)}`);
  };
  const { rows: before } = await ctx.db.query('select coalesce(max(feed_seq), 0) as seq from events where account_id = $1', [
    lag.accountId,
  ]);
  const payments = Math.max(1, Math.round(((REQUESTS_PER_SECOND / 3) * durationMs) / 1000));
  const t0 = performance.now();
  const running: Promise<void>[] = [];
  for (let i = 0; i < payments; i++) {
    const due = t0 + (i * durationMs) / payments;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    running.push(pay());
  }
  await Promise.all(running);
  await pool.close();
  const { rows } = await ctx.db.query('select id from events where account_id = $1 and feed_seq > $2', [lag.accountId, before[0].seq]);
  check(rows.length >= payments, `delivery-lag: ${payments} payments made ${rows.length} events`);
  return rows.map((row) => row.id as string);
}

/** The raw twin of the worker on the same queue, polling it as fast as it answers (every 10 ms when empty), until stopped. */
function rawDeliveries(ctx: Context, lag: LagAccount): { stop(): Promise<void> } {
  const raw = rawEndpoints(ctx, lag.endpoints);
  let stopping = false;
  const loop = (async () => {
    while (!stopping) if ((await raw.deliverBatch(WEBHOOK_DELIVERY_QUEUE)) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
  })();
  return {
    async stop() {
      stopping = true;
      await loop;
      await raw.close();
    },
  };
}

export const deliveryBenchmarks: Benchmark[] = [
  {
    name: 'delivery-lag',
    what:
      `webhook delivery lag (p99, from the event's commit to the receiver's 200) of checkout payments paid at ${REQUESTS_PER_SECOND} API ` +
      'requests a second, each event to four endpoints, delivered by the worker process, against a raw pg-boss → undici loop on the same ' +
      'queue under the same load',
    goal: 10,
    floor: 30,
    better: 'lower',
    unit: 'ms',
    async trial(ctx, side, warmUp) {
      const lag = await account(ctx);
      await fetch(`${lag.control}/reset`, { method: 'POST', body: JSON.stringify({ secrets: lag.endpoints.map((e) => e.secret) }) });
      const deliverer = side === 'subject' ? await ctx.spawn('worker') : null;
      const raw = side === 'baseline' ? rawDeliveries(ctx, lag) : null;
      try {
        const events = await steadyPayments(ctx, lag, warmUp ? WARM_UP_MS : LOAD_MS);
        const arrived = async () => (await (await fetch(`${lag.control}/arrivals`)).json()) as Record<string, number>[];
        let arrivals: Record<string, number>[] = [];
        await waitFor(
          'every event at every endpoint',
          async () => {
            arrivals = await arrived();
            return arrivals.every((receiver) => events.every((id) => receiver[id] !== undefined));
          },
          DRAIN_TIMEOUT_MS,
        );
        const { rows } = await ctx.db.query(
          'select id, (extract(epoch from created_at) * 1000)::float8 as at from events where id = any($1)',
          [events],
        );
        const lags = rows.flatMap((row) => arrivals.map((receiver) => receiver[row.id] - Number(row.at))).sort((a, b) => a - b);
        const p50 = Math.round(percentile(lags, 50));
        const p99 = Math.round(percentile(lags, 99));
        if (!warmUp) last[side] = { p50, p99, deliveries: lags.length };
        return { rate: Math.max(1, p99), p99Ms: p99 };
      } finally {
        await raw?.stop();
        if (deliverer) {
          const exited = new Promise((resolve) => deliverer.process.once('exit', resolve));
          deliverer.process.kill('SIGTERM');
          await exited;
        }
      }
    },
    async extra() {
      const shown = (side: Side) =>
        last[side] ? `p50 ${last[side].p50} ms, p99 ${last[side].p99} ms (${last[side].deliveries} deliveries)` : 'not run';
      return { shown_worker: shown('subject'), shown_raw_loop: shown('baseline') };
    },
  },
];
