// The worker's sweeps and queues, run in this process through their use cases, against raw twins.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../../src/main/config';
import { createServices, type Services } from '../../src/main/container';
import { BATCH_SIZES } from '../../src/main/worker';
import { ExpireDueSessions } from '../../src/modules/checkout/application/expire-due-sessions';
import { WebhookDeliveryJob } from '../../src/modules/events/interfaces/jobs/webhook-delivery.job';
import { ExpireHolds } from '../../src/modules/payments/application/expire-holds';
import { RENEWAL_CONCURRENCY, RenewDueSubscriptions } from '../../src/modules/subscriptions/application/renew-due-subscriptions';
import { startBatchWorker } from '../../src/platform/jobs/batch-worker';
import { JOBS } from '../../src/platform/jobs/jobs.tokens';
import { inLanes } from '../../src/shared/domain/in-lanes';
import type { PgBoss } from '../../src/platform/jobs/pg-boss';
import { type Benchmark, type Context, check, type Side, timed, trialItems, waitFor } from '../harness';
import type { Measure } from '../load';
import { rawEndpoints } from '../raw-webhooks';
import { benchCatalog, call, cartBody, copyRow } from '../seed';

const rate = (items: number, seconds: number): Measure => ({ rate: items / seconds });
/** One side of a sweep: seeds `items`, times the work on them, checks it. */
type Timed = (ctx: Context, items: number) => Promise<{ seconds: number }>;
const silentLogger = { error() {} } as never;

// ---------------------------------------------------------------------------------------------------
// Renewals

interface RenewalTemplates {
  paying: string;
  declining: string;
}
let renewalTemplates: Promise<RenewalTemplates> | undefined;

/** Two subscriptions made through the API: one whose renewals succeed, one whose renewals decline. */
function subscriptionTemplates(ctx: Context): Promise<RenewalTemplates> {
  renewalTemplates ??= (async () => {
    const catalog = await benchCatalog(ctx);
    const start = async (token: string) => {
      const card = await call(ctx, 'POST', '/v1/payment_methods', { customer: catalog.customer, token });
      return (await call(ctx, 'POST', '/v1/subscriptions', { customer: catalog.customer, price: catalog.plan, payment_method: card.id }))
        .id as string;
    };
    return { paying: await start('tok_visa'), declining: await start('tok_renewal_declines') };
  })();
  return renewalTemplates;
}

/** `items` subscriptions whose first renewal fell due an hour ago, one in twenty of them on a declining card. */
async function dueSubscriptions(ctx: Context, items: number): Promise<{ ids: string[]; declining: number }> {
  const templates = await subscriptionTemplates(ctx);
  const declining = Math.floor(items / 20);
  const monthAgo = {
    anchor: `t.anchor - interval '1 month 1 hour'`,
    current_period_start: `t.anchor - interval '1 month 1 hour'`,
    current_period_end: `t.anchor - interval '1 hour'`,
    period_index: '0',
  };
  const ids = [
    ...(await copyRow(ctx, 'subscriptions', templates.paying, items - declining, monthAgo)),
    ...(await copyRow(ctx, 'subscriptions', templates.declining, declining, monthAgo)),
  ];
  return { ids, declining };
}

/** Each subscription renewed exactly once: one charge each, the right ones declined, each paid one documented. */
async function checkRenewed(ctx: Context, name: string, side: string, ids: string[], declining: number) {
  const { rows } = await ctx.db.query(
    `select count(*)::int as charges, count(distinct subscription_id)::int as subscriptions, count(*) filter (where status = 'failed')::int as declined,
            count(document_id)::int as documented,
            (select count(*)::int from subscriptions where id = any($1) and period_index = 1) as renewed
       from charges where subscription_id = any($1)`,
    [ids],
  );
  const books = rows[0];
  const expected = {
    charges: ids.length,
    subscriptions: ids.length,
    declined: declining,
    documented: ids.length - declining,
    renewed: ids.length - declining,
  };
  check(
    JSON.stringify(books) === JSON.stringify(expected),
    `${name}/${side}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(books)}`,
  );
}

const renewWith = (services: Services) => timed(() => services.inContext(() => services.container.get(RenewDueSubscriptions).execute()));

/**
 * The raw twin of a renewal run: the due subscriptions read at once, then eight lanes each renewing one
 * subscription at a time: the processor's call on its own connection, then one transaction with the
 * charge, its document, its events and the subscription's new period (or its dunning state).
 */
async function rawRenewals(ctx: Context): Promise<void> {
  const { rows: due } = await ctx.db.query(
    `select id from subscriptions where status = 'active' and current_period_end <= now() order by id`,
  );
  const db = new pg.Pool({ connectionString: ctx.databaseUrl, max: RENEWAL_CONCURRENCY });
  await inLanes(
    due.map((row) => row.id as string),
    RENEWAL_CONCURRENCY,
    async (id) => {
      const key = `renew_${id}_1_1`;
      const {
        rows: [sub],
      } = await db.query(
        'select s.*, pm.processor_ref from subscriptions s join payment_methods pm on pm.id = s.payment_method_id where s.id = $1',
        [id],
      );
      await db.query('select result from sim_ledger where idempotency_key = $1', [key]);
      const card = (await db.query('select * from sim_cards where token = $1', [sub.processor_ref])).rows[0];
      const paid = card.behavior !== 'renewal_declines';
      await db.query(
        `insert into sim_ledger (idempotency_key, operation, request, result, created_at) values ($1, 'authorize', $2, $3, now()) on conflict do nothing`,
        [
          key,
          JSON.stringify({ source: { paymentMethodRef: sub.processor_ref }, amount: sub.plan.unitAmount }),
          JSON.stringify({ status: paid ? 'authorized' : 'declined' }),
        ],
      );
      const client = await db.connect();
      try {
        await client.query('begin');
        await client.query('select * from subscriptions where id = $1 for update', [id]);
        const chargeId = `ch_${randomBytes(12).toString('hex')}`;
        const documentId = paid ? `doc_${randomBytes(12).toString('hex')}` : null;
        await client.query(
          `insert into charges (id, account_id, livemode, customer_id, amount, amount_captured, currency, status, capture_method, captured_at,
            subscription_id, subscription_period, payment_method_details, document_id, create_document, document_lines, failure_code, created_at)
         values ($1, $2, $3, $4, $5, $6, 'ils', $7, 'automatic', $8, $9, 1, '{}', $10, true, '[]', $11, now())`,
          [
            chargeId,
            sub.account_id,
            sub.livemode,
            sub.customer_id,
            sub.plan.unitAmount,
            paid ? sub.plan.unitAmount : null,
            paid ? 'succeeded' : 'failed',
            paid ? new Date() : null,
            id,
            documentId,
            paid ? null : 'card_declined',
          ],
        );
        const event = (type: string, data: object) =>
          client.query(`insert into events (id, account_id, livemode, type, data, created_at) values ($1, $2, $3, $4, $5, now())`, [
            `evt_${randomBytes(12).toString('hex')}`,
            sub.account_id,
            sub.livemode,
            type,
            JSON.stringify(data),
          ]);
        await event(paid ? 'charge.succeeded' : 'charge.failed', {
          id: chargeId,
          object: 'charge',
          subscription: id,
          amount: sub.plan.unitAmount,
        });
        if (paid) {
          await client.query(
            `update subscriptions set period_index = 1, current_period_start = anchor + interval '1 month', current_period_end = anchor + interval '2
              months' where id = $1`,
            [id],
          );
          await event('subscription.updated', { id, object: 'subscription', status: 'active' });
          // The document's number last, as the service takes it: the account's sequence is locked until commit.
          const {
            rows: [{ number }],
          } = await client.query(
            `insert into document_sequences (account_id, livemode, type, next_number) values ($1, $2, 'tax_invoice_receipt', 2) on conflict
              (account_id, livemode, type) do update set next_number = document_sequences.next_number + 1 returning next_number - 1 as number`,
            [sub.account_id, sub.livemode],
          );
          const vat = Math.round((sub.plan.unitAmount * 18) / 118);
          await client.query(
            `insert into documents (id, account_id, livemode, type, number, customer_id, charge_id, currency, lines, vat_rate, amount_excluding_vat,
              vat_amount, total, details, issued_at)
           values ($1, $2, $3, 'tax_invoice_receipt', $4, $5, $6, 'ils', $7, 18, $8, $9, $10, '{}', now())`,
            [
              documentId,
              sub.account_id,
              sub.livemode,
              number,
              sub.customer_id,
              chargeId,
              JSON.stringify([{ name: sub.plan.name, amount: sub.plan.unitAmount }]),
              sub.plan.unitAmount - vat,
              vat,
              sub.plan.unitAmount,
            ],
          );
          await event('document.created', {
            id: documentId,
            object: 'document',
            type: 'tax_invoice_receipt',
            number,
            total: sub.plan.unitAmount,
            vat_amount: vat,
          });
        } else {
          await client.query(
            `update subscriptions set status = 'past_due', failed_attempts = 1, first_failure_at = now(), next_retry_at = now() + interval '3 days'
              where id = $1`,
            [id],
          );
          await event('subscription.past_due', { id, object: 'subscription', status: 'past_due' });
        }
        await client.query('commit');
      } finally {
        client.release();
      }
    },
  );
  await db.end();
}

/** Times one side renewing `items` due subscriptions, then checks each was renewed once. */
const renewals =
  (side: Side, renew: (ctx: Context) => Promise<number>): Timed =>
  async (ctx, items) => {
    const { ids, declining } = await dueSubscriptions(ctx, items);
    const seconds = await renew(ctx);
    await checkRenewed(ctx, 'renewal-sweep', side, ids, declining);
    return { seconds };
  };

// The service with a processor answering after 50 ms, as a real one does.
const LATENCY_S = 0.05;
let latent: Promise<Services> | undefined;

// ---------------------------------------------------------------------------------------------------
// Webhook fan-out

/** The four receivers' endpoints (subscribed to a type no other benchmark records) and their secrets. */
let receiverEndpoints: Promise<{ control: string; endpoints: { id: number; secret: string; url: string }[] }> | undefined;
const FANOUT_TYPE = 'charge.refunded';

function receivers(ctx: Context) {
  receiverEndpoints ??= (async () => {
    const server = await ctx.server('receivers');
    const endpoints = [];
    for (const port of server.info.split(' ')) {
      const url = `http://127.0.0.1:${port}/webhooks`;
      const endpoint = await call(ctx, 'POST', '/v1/webhooks', { url, events: [FANOUT_TYPE] });
      endpoints.push({
        id: Number((await ctx.db.query('select id from webhook_endpoints where url = $1', [url])).rows[0].id),
        secret: endpoint.secret as string,
        url,
      });
    }
    return { control: server.origin, endpoints };
  })();
  return receiverEndpoints;
}

/** `items` events recorded, and a delivery job for each of them to each receiver, in `queue`. */
async function eventsToDeliver(ctx: Context, items: number, queue: string, job: (event: string, endpoint: string) => string) {
  const { endpoints } = await receivers(ctx);
  const { rows } = await ctx.db.query(
    `insert into events (id, account_id, livemode, type, data, created_at)
     select 'evt_' || substr(md5(random()::text || g), 1, 24), $1, false, $2,
            json_build_object('id', 're_' || g, 'object', 'refund', 'amount', 4900, 'currency', 'ils', 'status', 'succeeded',
                              'reason', 'requested_by_customer'), now()
       from generate_series(1, $3) g returning id`,
    [ctx.accountId, FANOUT_TYPE, items],
  );
  const ids = rows.map((row) => row.id as string);
  await ctx.db.query(
    `insert into pgboss.job (name, data) select $1, (${job('e.id', 'ep.id')})::jsonb from unnest($2::text[]) e(id), unnest($3::bigint[]) ep(id)`,
    [queue, ids, endpoints.map((endpoint) => endpoint.id)],
  );
  return ids;
}

/** Waits until every receiver verified each event once, and checks none arrived twice or unverified. */
async function delivered(ctx: Context, side: string, items: number) {
  const { control } = await receivers(ctx);
  const counts = async () => (await (await fetch(`${control}/count`)).json()) as { unique: number; received: number; rejected: number }[];
  // Up to 10 ms a delivery: 100k events (400k deliveries) may take more than the default ten minutes.
  await waitFor(
    'every delivery',
    async () => (await counts()).every((receiver) => receiver.unique + receiver.rejected >= items),
    Math.max(600_000, items * 40),
  );
  const final = await counts();
  check(
    final.every((receiver) => receiver.unique === items && receiver.received === items && receiver.rejected === 0),
    `webhook-fanout/${side}: receivers saw ${JSON.stringify(final)} for ${items} events`,
  );
}

async function resetReceivers(ctx: Context) {
  const { control, endpoints } = await receivers(ctx);
  await fetch(`${control}/reset`, { method: 'POST', body: JSON.stringify({ secrets: endpoints.map((endpoint) => endpoint.secret) }) });
}

async function deliveriesRecorded(ctx: Context): Promise<number> {
  return (await ctx.services.metrics.webhookDeliveries.get()).values.reduce((sum, { value }) => sum + value, 0);
}

async function fanoutSubject(ctx: Context, items: number): Promise<{ seconds: number }> {
  await resetReceivers(ctx);
  const ids = await eventsToDeliver(
    ctx,
    items,
    'webhook-delivery',
    (event, endpoint) => `json_build_object('eventId', ${event}, 'endpointId', ${endpoint}, 'series', 'bench', 'attempt', 1)`,
  );
  const before = await deliveriesRecorded(ctx);
  const t0 = performance.now();
  const worker = ctx.services.container.get(WebhookDeliveryJob).start({ batchSize: BATCH_SIZES.webhookDelivery, pollIntervalMs: 50 });
  // Counted in memory (the deliveries' metric moves as each is recorded) until every one was: asking the
  // receivers or the database meanwhile would load the machine the worker runs on. Checked after.
  await waitFor('every delivery recorded', async () => (await deliveriesRecorded(ctx)) - before >= items * 4);
  const seconds = (performance.now() - t0) / 1000;
  await worker.stop();
  await delivered(ctx, 'subject', items);
  const { rows } = await ctx.db.query(
    `select count(*)::int as n from webhook_deliveries where event_id = any($1) and outcome = 'succeeded'`,
    [ids],
  );
  check(rows[0].n === items * 4, `webhook-fanout/subject: ${rows[0].n} deliveries recorded as succeeded for ${items * 4}`);
  return { seconds };
}

/** The minimal pipeline: pg-boss fetch of the same batch size → the event read → signed undici POST → complete. */
async function fanoutBaseline(ctx: Context, items: number): Promise<{ seconds: number }> {
  const { endpoints } = await receivers(ctx);
  const boss = ctx.services.container.get<PgBoss>(JOBS.Boss);
  await boss.createQueue('bench-fanout');
  await resetReceivers(ctx);
  await eventsToDeliver(
    ctx,
    items,
    'bench-fanout',
    (event, endpoint) => `json_build_object('eventId', ${event}, 'endpointId', ${endpoint})`,
  );
  const raw = rawEndpoints(ctx, endpoints);
  const t0 = performance.now();
  let done = 0;
  while (done < items * 4) done += await raw.deliverBatch('bench-fanout');
  const seconds = (performance.now() - t0) / 1000;
  await delivered(ctx, 'baseline', items);
  await raw.close();
  return { seconds };
}

// ---------------------------------------------------------------------------------------------------
// Queues

/** Every batch size the worker role runs a queue with. */
const DRAIN_CONFIGS = [...new Set(Object.values(BATCH_SIZES))];

async function fillQueue(boss: PgBoss, queue: string, jobs: number) {
  await boss.createQueue(queue);
  for (let sent = 0; sent < jobs; sent += 5_000) {
    await boss.insert(Array.from({ length: Math.min(5_000, jobs - sent) }, (_, i) => ({ name: queue, data: { n: sent + i } })));
  }
  // As autovacuum leaves it once a backlog has built up (it analyzes a table after a tenth of it
  // changed): a queue filled in an instant would otherwise be planned as the empty one it just was.
  await boss.getDb().executeSql('analyze pgboss.job', []);
}

async function drained(ctx: Context, queue: string, jobs: number, side: string) {
  const { rows } = await ctx.db.query(
    `select count(*) filter (where state = 'completed')::int as completed, count(*)::int as total from pgboss.job where name = $1`,
    [queue],
  );
  check(rows[0].completed === jobs && rows[0].total === jobs, `queue-drain/${side}: ${JSON.stringify(rows[0])} of ${jobs} jobs completed`);
  await ctx.db.query('delete from pgboss.job where name = $1', [queue]);
}

// ---------------------------------------------------------------------------------------------------
// Expiry sweeps

let expiryTemplates: Promise<{ session: string; hold: string }> | undefined;

/** A pending cart session and a J5 hold (a session paid with capture_method manual), made through the API. */
function expiryTemplatesOf(ctx: Context) {
  expiryTemplates ??= (async () => {
    const catalog = await benchCatalog(ctx);
    const session = await call(ctx, 'POST', '/v1/checkout_sessions', cartBody(catalog));
    const held = await call(ctx, 'POST', '/v1/checkout_sessions', { ...cartBody(catalog), coupon_codes: [], capture_method: 'manual' });
    const token = await call(
      ctx,
      'POST',
      '/v1/tokens',
      { checkout_session: held.id, card: { number: '4242424242424242', exp_month: 12, exp_year: 2034, cvc: '123' } },
      { key: false },
    );
    await call(
      ctx,
      'POST',
      `/v1/checkout_sessions/${held.id}/confirm`,
      { payment_method: { type: 'card', token: token.id } },
      { key: false },
    );
    const hold = (await ctx.db.query(`select id from charges where checkout_session_id = $1 and status = 'requires_capture'`, [held.id]))
      .rows[0].id as string;
    return { session: session.id as string, hold };
  })();
  return expiryTemplates;
}

/** `items` things past their time: four in five pending sessions, one in five holds past their seven days. */
async function expired(ctx: Context, items: number) {
  const templates = await expiryTemplatesOf(ctx);
  // Only this trial's copies are due: sessions left pending by other benchmarks are moved out of the way.
  await ctx.db.query(`update checkout_sessions set expires_at = now() + interval '1 day' where status = 'pending' and account_id = $1`, [
    ctx.accountId,
  ]);
  const holds = Math.floor(items / 5);
  const sessions = await copyRow(ctx, 'checkout_sessions', templates.session, items - holds, { expires_at: `now() - interval '1 minute'` });
  const charges = await copyRow(ctx, 'charges', templates.hold, holds, { capturable_until: `now() - interval '1 minute'` });
  return { sessions, charges };
}

async function checkExpired(ctx: Context, side: string, { sessions, charges }: { sessions: string[]; charges: string[] }) {
  const { rows } = await ctx.db.query(
    `select (select count(*)::int from checkout_sessions where id = any($1) and status = 'expired') as sessions,
            (select count(*)::int from charges where id = any($2) and status = 'canceled' and cancellation_reason = 'expired') as holds,
            (select count(*)::int from events where type = 'checkout_session.expired' and data->>'id' = any($1)) as session_events,
            (select count(*)::int from events where type = 'charge.canceled' and data->>'id' = any($2)) as hold_events`,
    [sessions, charges],
  );
  const expected = { sessions: sessions.length, holds: charges.length, session_events: sessions.length, hold_events: charges.length };
  check(
    JSON.stringify(rows[0]) === JSON.stringify(expected),
    `expiry-sweeps/${side}: expected ${JSON.stringify(expected)}, found ${JSON.stringify(rows[0])}`,
  );
}

async function sweepSubject(ctx: Context, items: number): Promise<{ seconds: number }> {
  const due = await expired(ctx, items);
  const { services } = ctx;
  const seconds = await timed(() =>
    services.inContext(async () => {
      await services.container.get(ExpireDueSessions).execute();
      await services.container.get(ExpireHolds).execute();
    }),
  );
  await checkExpired(ctx, 'subject', due);
  return { seconds };
}

/** Set-based SQL: each sweep as one statement that changes the rows and records their events (and the voids). */
async function sweepBaseline(ctx: Context, items: number): Promise<{ seconds: number }> {
  const due = await expired(ctx, items);
  const seconds = await timed(async () => {
    await ctx.db.query(`
      with expired as (update checkout_sessions set status = 'expired' where status = 'pending' and expires_at <= now() returning *)
      insert into events (id, account_id, livemode, type, data, created_at)
      select 'evt_' || substr(md5(random()::text || id), 1, 24), account_id, livemode, 'checkout_session.expired',
             json_build_object('id', id, 'object', 'checkout_session', 'status', status, 'customer', customer_id,
                               'line_items', line_items, 'applied_codes', applied_codes), now()
        from expired`);
    await ctx.db.query(`
      with canceled as (
        update charges set status = 'canceled', canceled_at = now(), cancellation_reason = 'expired'
         where status = 'requires_capture' and capturable_until <= now() returning *),
      operations as (
        insert into money_intents (id, kind, account_id, livemode, subject_id, idempotency_key, status, created_at, updated_at)
        select 'op_' || substr(md5(random()::text || id), 1, 24), 'cancel', account_id, livemode, id, 'void_' || id, 'succeeded', now(), now()
          from canceled),
      voids as (
        insert into sim_ledger (idempotency_key, operation, request, result, created_at)
        select 'void_' || id, 'void', jsonb_build_object('processorRef', processor_ref), '{"ok": true}', now() from canceled)
      insert into events (id, account_id, livemode, type, data, created_at)
      select 'evt_' || substr(md5(random()::text || id), 1, 24), account_id, livemode, 'charge.canceled',
             json_build_object('id', id, 'object', 'charge', 'status', status, 'amount', amount, 'cancellation_reason', cancellation_reason), now()
        from canceled`);
  });
  await checkExpired(ctx, 'baseline', due);
  return { seconds };
}

// ---------------------------------------------------------------------------------------------------

/**
 * A sweep: each side timed over the same number of items (each counting `countedPerItem`, as an event
 * delivered to four receivers counts four deliveries), and `--scale` timing the subject alone at any size.
 */
function sweep(
  bench: Pick<Benchmark, 'name' | 'what' | 'goal' | 'floor' | 'unit'>,
  sizes: [full: number, quick: number, smoke: number],
  sides: { subject: Timed; baseline: Timed },
  countedPerItem = 1,
): Benchmark {
  return {
    ...bench,
    async trial(ctx, side, warmUp) {
      const items = trialItems(...sizes, warmUp);
      return rate(items * countedPerItem, (await sides[side](ctx, items)).seconds);
    },
    scale: sides.subject,
  };
}

export const jobBenchmarks: Benchmark[] = [
  sweep(
    {
      name: 'renewal-sweep',
      what:
        'the daily renewal run over 5k due subscriptions (5 % declining; --scale for 1k–100k), against raw ' +
        'one-transaction-per-subscription renewals in 8 lanes',
      goal: 1.0,
      floor: 0.6,
      unit: 'renewals/s',
    },
    [5_000, 2_000, 40],
    {
      subject: renewals('subject', (ctx) => renewWith(ctx.services)),
      baseline: renewals('baseline', (ctx) => timed(() => rawRenewals(ctx))),
    },
  ),
  {
    name: 'renewal-latency-overlap',
    what: 'renewals with a processor answering in 50 ms, against C/L (8 renewals in flight / 50 ms)',
    goal: 0.8,
    floor: 0.4,
    unit: 'renewals/s',
    async prepare(ctx) {
      if (!latent) {
        latent = createServices(
          loadConfig({ LOG_LEVEL: 'silent', SIMULATED_PROCESSOR_LATENCY_MS: String(LATENCY_S * 1000) }),
          ctx.databaseUrl,
          { worker: false },
        );
        ctx.onEnd(async () => (await latent!).close());
      }
      await latent;
    },
    async trial(ctx, side, warmUp) {
      if (side === 'baseline') return { rate: RENEWAL_CONCURRENCY / LATENCY_S };
      const items = trialItems(1_000, 400, 16, warmUp);
      const { ids, declining } = await dueSubscriptions(ctx, items);
      const seconds = await renewWith(await latent!);
      await checkRenewed(ctx, 'renewal-latency-overlap', side, ids, declining);
      return rate(items, seconds);
    },
  },
  sweep(
    {
      name: 'webhook-fanout',
      what: '5k events to 4 receivers verifying signatures (20k deliveries), against a minimal pg-boss → signed undici POST pipeline',
      goal: 0.5,
      floor: 0.2,
      unit: 'deliveries/s',
    },
    [5_000, 1_000, 10],
    { subject: fanoutSubject, baseline: fanoutBaseline },
    4,
  ),
  {
    name: 'queue-drain',
    what:
      `20k no-op jobs drained by the worker's batch worker at each queue's batch size (${DRAIN_CONFIGS.join(', ')}), against a raw ` +
      `fetch(1000) + complete loop`,
    goal: 0.5,
    floor: 0.25,
    unit: 'jobs/s',
    async trial(ctx, side, warmUp) {
      const jobs = trialItems(20_000, 5_000, 100, warmUp);
      const boss = ctx.services.container.get<PgBoss>(JOBS.Boss);
      let seconds = 0;
      for (const batchSize of DRAIN_CONFIGS) {
        const queue = `bench-drain-${side}-${batchSize}`;
        await fillQueue(boss, queue, jobs);
        const t0 = performance.now();
        if (side === 'subject') {
          let handled = 0;
          const worker = startBatchWorker(boss, queue, { batchSize, pollIntervalMs: 50 }, async () => void handled++, silentLogger);
          // Counted in memory until every job was handled (a query polled meanwhile would load the database
          // the worker is draining), then the last batch's completion is waited for.
          await waitFor('every job handled', async () => handled >= jobs);
          await waitFor(
            'the queue drained',
            async () =>
              (await ctx.db.query(`select count(*)::int as n from pgboss.job where name = $1 and state <> 'completed'`, [queue])).rows[0]
                .n === 0,
          );
          seconds += (performance.now() - t0) / 1000;
          await worker.stop();
        } else {
          for (;;) {
            const batch = (await boss.fetch(queue, { batchSize: 1_000 })) ?? [];
            if (batch.length === 0) break;
            await boss.complete(
              queue,
              batch.map((job) => job.id),
            );
          }
          seconds += (performance.now() - t0) / 1000;
        }
        await drained(ctx, queue, jobs, side);
      }
      return rate(jobs * DRAIN_CONFIGS.length, seconds);
    },
  },
  sweep(
    {
      name: 'expiry-sweeps',
      what:
        'the session and hold expiry sweeps over 5k expired items, four in five sessions and one in five holds (--scale for 1k–100k), ' +
        'against set-based SQL',
      goal: 0.3,
      floor: 0.09,
      unit: 'items/s',
    },
    [5_000, 2_500, 50],
    { subject: sweepSubject, baseline: sweepBaseline },
  ),
];
