// The API under load: each against a raw Express + pg twin of the same statements (baseline server), or
// the same service without the part whose cost is measured.
import { randomUUID } from 'node:crypto';
import { Pool } from 'undici';
import { UpdateAccountSettings } from '../../src/modules/accounts/application/update-account-settings';
import { CreateAccount } from '../../src/modules/accounts/application/create-account';
import { ConnectTerminal } from '../../src/modules/payments';
import { BENCH_TERMINAL, type Benchmark, CONNECTIONS, type Context, check, type Side, size, SMOKE } from '../harness';
import { closedLoop, type LoadRequest, type LoadResult, runLoad, send, unloadedLatency } from '../load';
import { benchCatalog, call, cartBody, copyRow, mixedBody } from '../seed';

const json = (ctx: Context, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${ctx.key}`,
  'content-type': 'application/json',
  ...extra,
});
const PUBLIC = { 'content-type': 'application/json' };

function clean(name: string, side: string, result: LoadResult): LoadResult {
  check(result.errors === 0, `${name}/${side}: ${result.errors} failed requests`);
  check(result.requests > 0, `${name}/${side}: no requests completed`);
  return result;
}

const count = async (ctx: Context, sql: string, params: unknown[] = [ctx.accountId]) =>
  (await ctx.db.query(sql, params)).rows[0].n as number;

/**
 * The same service with and without a part differs by little: measured in many short rounds, both sides
 * meeting the same moments of the machine (its rate moves by 10–30 % from second to second).
 */
const SHORT_ROUNDS = 15;

/** `POST /v1/customers` on `origin` for `durationMs`; each answer's row is checked to be written once. */
async function createCustomers(
  ctx: Context,
  name: string,
  side: string,
  origin: string,
  durationMs: number,
  headers: () => Record<string, string> = () => json(ctx),
) {
  const before = await count(ctx, 'select count(*)::int as n from customers where account_id = $1');
  const result = clean(
    name,
    side,
    await runLoad(origin, { connections: CONNECTIONS, durationMs }, () => ({
      method: 'POST',
      path: '/v1/customers',
      headers: headers(),
      body: JSON.stringify({ name: 'Noa Cohen', email: 'noa@example.co.il', phone: '+972525551234' }),
    })),
  );
  const written = (await count(ctx, 'select count(*)::int as n from customers where account_id = $1')) - before;
  check(written === result.requests, `${name}/${side}: ${result.requests} answered 200 but ${written} customers were written`);
  return result;
}

export const httpBenchmarks: Benchmark[] = [
  {
    name: 'http-floor',
    what: 'GET /v1/account through the whole middleware chain, no database, against Express 5 with only express.json()',
    goal: 0.8,
    floor: 0.5,
    async trial(ctx, side, _warmUp, durationMs) {
      const server = await ctx.server(side);
      return clean(
        'http-floor',
        side,
        await runLoad(server.origin, { connections: CONNECTIONS, durationMs }, () => ({
          path: '/v1/account',
          headers: { authorization: `Bearer ${ctx.key}` },
        })),
      );
    },
  },
  {
    name: 'create-customer',
    what: 'POST /v1/customers, full stack, against a raw Express + pg twin (key lookup by hash, INSERT … RETURNING, same response)',
    goal: 0.9,
    floor: 0.6,
    async trial(ctx, side, _warmUp, durationMs) {
      return createCustomers(ctx, 'create-customer', side, (await ctx.server(side)).origin, durationMs);
    },
    async extra(ctx) {
      const request = (): LoadRequest => ({
        method: 'POST',
        path: '/v1/customers',
        headers: json(ctx),
        body: JSON.stringify({ name: 'Solo' }),
      });
      const requests = size(200, 200, 10);
      return {
        subject_unloaded_p50_ms: await unloadedLatency((await ctx.server('subject')).origin, request, requests),
        baseline_unloaded_p50_ms: await unloadedLatency((await ctx.server('baseline')).origin, request, requests),
      };
    },
  },
  {
    // A fresh key on every request, so each is claimed and its answer kept.
    name: 'guards',
    what: 'POST /v1/customers with a fresh Idempotency-Key and the rate limiter, against the same service without them',
    // A keyed create commits with its answer: a transaction of four statements (begin, the insert, the
    // key with its answer, commit) where the unkeyed create sends one; on this machine statements are the
    // cost, so exactly-once creates cost about half the rate (0.80–0.91 when answers were kept apart,
    // and a create could be made twice after a crash).
    goal: 0.45,
    floor: 0.25,
    rounds: SHORT_ROUNDS,
    async trial(ctx, side, _warmUp, durationMs) {
      const guarded = side === 'subject';
      const server = await ctx.server(guarded ? 'guarded' : 'unguarded');
      const result = await createCustomers(ctx, 'guards', side, server.origin, durationMs, () =>
        json(ctx, guarded ? { 'idempotency-key': randomUUID() } : {}),
      );
      if (guarded) {
        const kept = await count(ctx, 'select count(*)::int as n from idempotency_keys where account_id = $1 and response_status = 200');
        check(kept >= result.requests, `guards/subject: ${result.requests} requests with a key but ${kept} answers kept`);
      }
      return result;
    },
  },
  {
    name: 'metrics',
    what: 'POST /v1/customers with request metrics, against the same service without them',
    goal: 0.97,
    floor: 0.5,
    rounds: SHORT_ROUNDS,
    async trial(ctx, side, _warmUp, durationMs) {
      return createCustomers(ctx, 'metrics', side, (await ctx.server(side === 'subject' ? 'metered' : 'unmetered')).origin, durationMs);
    },
  },
  {
    // Each authenticated request adds a row to the request log, after its answer, grouped into one insert.
    name: 'request-log',
    what: 'POST /v1/customers with the request log, against the same service without it',
    goal: 0.9,
    floor: 0.5,
    rounds: SHORT_ROUNDS,
    async trial(ctx, side, _warmUp, durationMs) {
      const server = await ctx.server(side === 'subject' ? 'logged' : 'unlogged');
      return createCustomers(ctx, 'request-log', side, server.origin, durationMs);
    },
  },
  {
    name: 'create-checkout-session',
    what:
      'POST /v1/checkout_sessions, half carts of 5 lines with a code, half mixed (plan + 2 lines + code), against a raw twin of the same ' +
      'statements in one transaction',
    goal: 0.6,
    floor: 0.1,
    prepare: (ctx) => benchCatalog(ctx).then(() => undefined),
    async trial(ctx, side, _warmUp, durationMs) {
      const catalog = await benchCatalog(ctx);
      const bodies = [JSON.stringify(cartBody(catalog)), JSON.stringify(mixedBody(catalog))];
      const sessions = () => count(ctx, 'select count(*)::int as n from checkout_sessions where account_id = $1');
      const before = await sessions();
      let sent = 0;
      const result = clean(
        'create-checkout-session',
        side,
        await runLoad((await ctx.server(side)).origin, { connections: CONNECTIONS, durationMs }, () => ({
          method: 'POST',
          path: '/v1/checkout_sessions',
          headers: json(ctx),
          body: bodies[sent++ % 2],
        })),
      );
      const written = (await sessions()) - before;
      check(
        written === result.requests,
        `create-checkout-session/${side}: ${result.requests} answered 200 but ${written} sessions were written`,
      );
      return result;
    },
    async extra(ctx) {
      const body = JSON.stringify(cartBody(await benchCatalog(ctx)));
      const request = (): LoadRequest => ({ method: 'POST', path: '/v1/checkout_sessions', headers: json(ctx), body });
      return {
        subject_unloaded_p50_ms: await unloadedLatency((await ctx.server('subject')).origin, request, size(100, 100, 5)),
        baseline_unloaded_p50_ms: await unloadedLatency((await ctx.server('baseline')).origin, request, size(100, 100, 5)),
      };
    },
  },
  {
    name: 'discount-apply-remove',
    what: 'the checkout page applying then removing a code (two public requests), against a raw SQL twin',
    goal: 0.5,
    floor: 0.1,
    unit: 'cycles/s',
    prepare: (ctx) => benchCatalog(ctx).then(() => undefined),
    async trial(ctx, side, _warmUp, durationMs) {
      const catalog = await benchCatalog(ctx);
      // One session per connection, so a cycle never races another on its session.
      const template = await call(ctx, 'POST', '/v1/checkout_sessions', cartBody(catalog));
      const sessions = await copyRow(ctx, 'checkout_sessions', template.id, CONNECTIONS);
      const code = catalog.codes.amount;
      const pool = new Pool((await ctx.server(side)).origin, { connections: CONNECTIONS });
      const result = clean(
        'discount-apply-remove',
        side,
        await closedLoop({ connections: CONNECTIONS, durationMs }, async (loop) => {
          const path = `/v1/checkout_sessions/${sessions[loop]}/discount`;
          const applied = await send(pool, { method: 'POST', path, headers: PUBLIC, body: JSON.stringify({ code }) });
          const removed = await send(pool, { method: 'DELETE', path: `${path}/${code}` });
          return applied && removed ? true : 'error';
        }),
      );
      await pool.close();
      const { rows } = await ctx.db.query('select applied_codes from checkout_sessions where id = any($1)', [sessions]);
      check(
        rows.every((row) => row.applied_codes.join() === catalog.codes.percent.toLowerCase()),
        `discount-apply-remove/${side}: a session was left with codes ${JSON.stringify(rows.map((r) => r.applied_codes))}`,
      );
      return result;
    },
  },
  {
    name: 'confirm-checkout',
    what:
      'the checkout page paying a one-time session (POST /v1/tokens, then confirm: attempt, processor, charge, document, events), ' +
      'against a raw twin of the same transactions',
    goal: 0.5,
    floor: 0.1,
    unit: 'payments/s',
    prepare: (ctx) => benchCatalog(ctx).then(() => undefined),
    trial: async (ctx, side, _warmUp, durationMs) =>
      confirmSessions(ctx, 'confirm-checkout', side, side, durationMs, { key: ctx.key, customer: (await benchCatalog(ctx)).customer }),
  },
  {
    name: 'confirm-checkout-live',
    what:
      "the checkout page paying a one-time session in live mode in Tranzila's hosted fields against its twin (the server's handshake, " +
      "the fields' debit, the report read back from the transaction search), against the same payment in test mode (token, " +
      'confirm) through the simulated processor, on the same server',
    goal: 0.8,
    floor: 0.1,
    unit: 'payments/s',
    prepare: (ctx) => liveMerchant(ctx).then(() => undefined),
    async trial(ctx, side, _warmUp, durationMs) {
      const merchant = side === 'subject' ? await liveMerchant(ctx) : { key: ctx.key, customer: (await benchCatalog(ctx)).customer };
      const debits = () =>
        ctx.tranzila.ledger.filter((transaction) => transaction.txnType === 'debit' && transaction.responseCode === '000').length;
      const before = debits();
      const result = await confirmSessions(ctx, 'confirm-checkout-live', side, 'subject', durationMs, merchant);
      if (side === 'subject')
        check(
          debits() - before === result.requests,
          `confirm-checkout-live: ${result.requests} live payments but ${debits() - before} debits at Tranzila's twin`,
        );
      return result;
    },
  },
];

/** A live merchant on Tranzila's twin, onboarded as a merchant would be, with a live customer. */
let live: Promise<Merchant> | undefined;
function liveMerchant(ctx: Context): Promise<Merchant> {
  live ??= ctx.services.inContext(async () => {
    const { container } = ctx.services;
    const { account, apiKeys } = await container.get(CreateAccount).execute({ name: 'Bench live merchant' });
    await container.get(UpdateAccountSettings).execute({
      accountId: account.id,
      businessProfile: {
        legalName: 'Bench Ltd',
        businessNumber: '516179157',
        dealerType: 'company',
        address: { line1: 'Herzl 1', city: 'Haifa', postalCode: null },
        email: null,
        phone: null,
      },
    });
    await container.get(ConnectTerminal).execute(
      { accountId: account.id, livemode: true },
      {
        name: 'tranzila',
        terminal: BENCH_TERMINAL.terminal,
        credentials: { app_key: BENCH_TERMINAL.appKey, secret: BENCH_TERMINAL.secret },
      },
    );
    await container.get(UpdateAccountSettings).execute({ accountId: account.id, liveOnboarded: true });
    const customer = await call<{ id: string }>(
      ctx,
      'POST',
      '/v1/customers',
      { name: 'Dana Levi', email: 'dana@example.co.il' },
      { apiKey: apiKeys.live },
    );
    return { key: apiKeys.live, customer: customer.id, hostedFields: ctx.tranzila.url };
  });
  return live;
}

/** Whose sessions a payment benchmark pays; `hostedFields`: the twin whose card fields take the card, as live mode on Tranzila does. */
interface Merchant {
  key: string;
  customer: string;
  hostedFields?: string;
}

/**
 * Pays fresh one-time sessions of `merchant` (copies of one made through the API) on `server` for
 * `durationMs`, checking each paid once, with its document.
 */
async function confirmSessions(ctx: Context, name: string, side: Side, server: Side, durationMs: number, merchant: Merchant) {
  const template = await call(
    ctx,
    'POST',
    '/v1/checkout_sessions',
    {
      customer: merchant.customer,
      line_items: [{ name: 'Olive oil 750 ml', amount_agorot: 4_900 }],
      success_url: 'https://shop.example.co.il/thanks',
      cancel_url: 'https://shop.example.co.il/cart',
    },
    { apiKey: merchant.key },
  );
  const sessions = await copyRow(ctx, 'checkout_sessions', template.id, size(4_000, 1_500, 40));
  const pool = new Pool((await ctx.server(server)).origin, { connections: CONNECTIONS });
  const fields = merchant.hostedFields ? new Pool(merchant.hostedFields, { connections: CONNECTIONS }) : null;
  let next = 0;
  const paid: string[] = [];
  const card = { number: '4242 4242 4242 4242', exp_month: 12, exp_year: 2034, cvc: '123' };
  const result = clean(
    name,
    side,
    await closedLoop({ connections: CONNECTIONS, durationMs: SMOKE ? 60_000 : durationMs }, async () => {
      if (next >= sessions.length) return false;
      const session = sessions[next++];
      if (merchant.hostedFields) {
        paid.push(session);
        return (await payInHostedFields(pool, fields!, session, card.number)) ? true : 'error';
      }
      const tokenRes = await pool.request({
        method: 'POST',
        path: '/v1/tokens',
        headers: PUBLIC,
        body: JSON.stringify({ checkout_session: session, card }),
      });
      const token = (await tokenRes.body.json()) as { data: { id: string } };
      if (tokenRes.statusCode !== 200) return 'error';
      const ok = await send(pool, {
        method: 'POST',
        path: `/v1/checkout_sessions/${session}/confirm`,
        headers: PUBLIC,
        body: JSON.stringify({ payment_method: { type: 'card', token: token.data.id } }),
      });
      paid.push(session);
      return ok ? true : 'error';
    }),
  );
  await pool.close();
  await fields?.close();
  const { rows } = await ctx.db.query(
    `select count(*)::int as charges, count(distinct ch.checkout_session_id)::int as sessions, count(d.id)::int as documents,
            (select count(*)::int from checkout_sessions where id = any($1) and status = 'completed') as completed
       from charges ch left join documents d on d.charge_id = ch.id
      where ch.checkout_session_id = any($1) and ch.status = 'succeeded'`,
    [paid],
  );
  const books = rows[0];
  check(
    books.charges === paid.length && books.sessions === paid.length && books.documents === paid.length && books.completed === paid.length,
    `${name}/${side}: ${paid.length} sessions paid but ${JSON.stringify(books)}`,
  );
  return result;
}

/**
 * The live page's payment: confirm answers the charge to make in the processor's fields, the fields (the
 * twin's, over `fields`, standing in for the shopper's browser) make it, and the page reports it for the
 * server to read back.
 */
async function payInHostedFields(pool: Pool, fields: Pool, session: string, number: string): Promise<boolean> {
  const asked = await pool.request({
    method: 'POST',
    path: `/v1/checkout_sessions/${session}/confirm`,
    headers: PUBLIC,
    body: JSON.stringify({ payment_method: { type: 'hosted_fields' } }),
  });
  const action = ((await asked.body.json()) as { data?: { next_action?: { challenge_id: string; charge: Record<string, string> } } }).data
    ?.next_action;
  if (asked.statusCode !== 200 || !action) return false;
  const charged = await fields.request({
    method: 'POST',
    path: '/hosted-fields/charge',
    headers: PUBLIC,
    body: JSON.stringify({ ...action.charge, card: { credit_card_number: number.replace(/ /g, ''), expiry: '12/34', cvv: '123' } }),
  });
  const answer = (await charged.body.json()) as { transaction_response?: { transaction_id: string } };
  if (!answer.transaction_response) return false;
  return send(pool, {
    method: 'POST',
    path: `/v1/checkout_sessions/${session}/hosted_charge`,
    headers: PUBLIC,
    body: JSON.stringify({ challenge_id: action.challenge_id, transaction_id: answer.transaction_response.transaction_id, card: null }),
  });
}
