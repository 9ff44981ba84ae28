// Baselines measured in the same run: plain Express 5 with express.json(), and raw `pg` twins of the
// service's endpoints: the statements the service sends for the same request (read from PostgreSQL's
// statement log), written by hand, each transaction as one, answering the same shape.
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express, { type Request, type Response } from 'express';
import pg from 'pg';
import { SESSION_EXPIRY_QUEUE } from '../../src/modules/checkout/checkout.tokens';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = express();
app.use(express.json());

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url').replace(/[-_]/g, 'x').slice(0, 24)}`;
const ok = (res: Response, data: object) => res.json({ success: true, data });
const fail = (res: Response, status: number, code: string) =>
  res.status(status).json({ success: false, error: { type: 'invalid_request_error', code, message: code } });

/** The key's account and mode, or null. */
async function authenticate(req: Request): Promise<{ account_id: string; livemode: boolean } | null> {
  const key = req.headers.authorization?.slice('Bearer '.length) ?? '';
  const hash = createHash('sha256').update(key).digest('hex');
  const { rows } = await pool.query('select account_id, livemode from api_keys where secret_hash = $1 and revoked_at is null', [hash]);
  return rows[0] ?? null;
}

/** Runs `work` in one transaction on one connection. */
async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback');
    throw error;
  } finally {
    client.release();
  }
}

app.get('/v1/account', (_req, res) => {
  ok(res, {
    id: 'acct_bench',
    object: 'account',
    name: 'Bench',
    wallets_enabled: false,
    live_onboarded: false,
    cardholder_id_required: false,
    livemode: false,
    created: '2026-01-01T00:00:00.000Z',
  });
});

app.post('/v1/customers', async (req, res) => {
  const auth = await authenticate(req);
  if (!auth) return void fail(res, 401, 'api_key_invalid');
  const { rows } = await pool.query(
    'insert into customers (id, account_id, livemode, name, email, phone, tax_id, created_at) values ($1, $2, $3, $4, $5, $6, $7, now()) returning *',
    [newId('cus'), auth.account_id, auth.livemode, req.body.name, req.body.email ?? null, req.body.phone ?? null, req.body.tax_id ?? null],
  );
  const row = rows[0];
  ok(res, {
    id: row.id,
    object: 'customer',
    name: row.name,
    email: row.email,
    phone: row.phone,
    tax_id: row.tax_id,
    test_clock: null,
    livemode: row.livemode,
    created: row.created_at.toISOString(),
  });
});

interface Line {
  name: string;
  amount_agorot: number;
  quantity?: number;
  price?: string;
}

/** The session as the API shows it, with a percentage code applied to the whole order. */
function sessionView(row: any, percentOff: number) {
  const subtotal = row.line_items.reduce((sum: number, line: any) => sum + line.amountAgorot * line.quantity, 0) + (row.plan?.amount ?? 0);
  const discount = Math.round((subtotal * percentOff) / 100);
  return {
    id: row.id,
    object: 'checkout_session',
    status: row.status,
    customer: row.customer_id,
    price: row.price_id,
    line_items: row.line_items,
    currency: row.currency,
    amount_subtotal: subtotal,
    amount_discount: discount,
    amount_total: subtotal - discount,
    applied_codes: row.applied_codes,
    url: `http://127.0.0.1/c/${row.id}`,
    expires_at: row.expires_at,
    livemode: row.livemode,
    created: row.created_at,
  };
}

app.post('/v1/checkout_sessions', async (req, res) => {
  const auth = await authenticate(req);
  if (!auth) return void fail(res, 401, 'api_key_invalid');
  const scope = [auth.account_id, auth.livemode];
  const lines: Line[] = req.body.line_items ?? [];
  const customer = await pool.query('select * from customers where account_id = $1 and livemode = $2 and id = $3 limit 1', [
    ...scope,
    req.body.customer,
  ]);
  if (customer.rowCount === 0) return void fail(res, 400, 'customer_not_found');
  const priceIds = [...(req.body.price ? [req.body.price] : []), ...lines.flatMap((line) => (line.price ? [line.price] : []))];
  const prices = await pool.query('select * from prices where account_id = $1 and livemode = $2 and id = any($3)', [...scope, priceIds]);
  await pool.query('select * from products where account_id = $1 and livemode = $2 and id = any($3)', [
    ...scope,
    [...new Set(prices.rows.map((p) => p.product_id))],
  ]);
  await pool.query('select * from accounts where id = $1 limit 1', [auth.account_id]);
  const codes: string[] = (req.body.coupon_codes ?? []).map((code: string) => code.toLowerCase());
  await pool.query('select * from discounts where account_id = $1 and livemode = $2 and code_key = any($3)', [...scope, codes]);
  const plan = req.body.price ? prices.rows.find((p) => p.id === req.body.price) : null;
  const items = lines.map((line) => ({
    name: line.name,
    amountAgorot: line.amount_agorot,
    quantity: line.quantity ?? 1,
    description: null,
    imageUrl: null,
    price: line.price ?? null,
    product: prices.rows.find((p) => p.id === line.price)?.product_id ?? null,
  }));
  const id = newId('co');
  const expiresAt = new Date(Date.now() + 30 * 60_000);
  const row = await transaction(async (client) => {
    const { rows } = await client.query(
      `insert into checkout_sessions (id, account_id, livemode, customer_id, kind, price_id, plan, line_items, currency, applied_codes, success_url, cancel_url,
         create_document, capture_method, payment_methods, background_color, auto_open_wallets, locale, installments_max, status, expires_at, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'ils', $9, $10, $11, true, 'automatic', '{card}', '#ffffff', false, 'auto', null, 'pending', $12, now())
       returning *`,
      [
        id,
        ...scope,
        req.body.customer,
        plan ? 'mixed' : 'cart',
        plan?.id ?? null,
        plan ? JSON.stringify({ name: 'Plan', amount: Number(plan.unit_amount), interval: 'month' }) : null,
        JSON.stringify(items),
        codes,
        req.body.success_url,
        req.body.cancel_url,
        expiresAt,
      ],
    );
    await client.query('insert into pgboss.job (name, data, start_after, singleton_key) values ($1, $2, $3, $4)', [
      SESSION_EXPIRY_QUEUE,
      { sessionId: id },
      expiresAt,
      id,
    ]);
    return rows[0];
  });
  const discounts = await pool.query(
    'select * from discounts where account_id = $1 and livemode = $2 and (automatic or code_key = any($3))',
    [...scope, codes],
  );
  ok(
    res,
    sessionView(
      row,
      discounts.rows.reduce((sum, d) => sum + (d.percent_off ?? 0), 0),
    ),
  );
});

/** The discount summary the checkout page shows. */
async function discountSummary(res: Response, session: any, codes: string[]) {
  const discounts = await pool.query(
    'select * from discounts where account_id = $1 and livemode = $2 and (automatic or code_key = any($3))',
    [session.account_id, session.livemode, codes],
  );
  const view = sessionView(
    { ...session, applied_codes: codes },
    discounts.rows.reduce((sum, d) => sum + (d.percent_off ?? 0), 0),
  );
  ok(res, {
    applied_codes: codes,
    amount_subtotal: view.amount_subtotal,
    amount_discount: view.amount_discount,
    amount_total: view.amount_total,
  });
}

app.post('/v1/checkout_sessions/:id/discount', async (req, res) => {
  const code = String(req.body.code).toLowerCase();
  const { rows } = await pool.query('select * from checkout_sessions where id = $1 limit 1', [req.params.id]);
  const session = rows[0];
  if (!session || session.status !== 'pending') return void fail(res, 404, 'resource_missing');
  // Counted as a failed try first, handed back once the code is known to be good.
  await pool.query(
    `update checkout_sessions
        set failed_code_attempts = case when failed_code_window_start > now() - make_interval(secs => 900) then failed_code_attempts + 1 else 1 end,
            failed_code_window_start = case when failed_code_window_start > now() - make_interval(secs => 900)
                                            then failed_code_window_start else now() end
      where id = $1`,
    [session.id],
  );
  const rules = await pool.query('select * from discounts where account_id = $1 and livemode = $2 and code_key = $3', [
    session.account_id,
    session.livemode,
    code,
  ]);
  if (rules.rowCount === 0) return void fail(res, 400, 'discount_code_not_found');
  const codes: string[] = session.applied_codes.includes(code) ? session.applied_codes : [...session.applied_codes, code];
  await pool.query('select * from discounts where account_id = $1 and livemode = $2 and (automatic or code_key = any($3))', [
    session.account_id,
    session.livemode,
    codes,
  ]);
  await pool.query(
    `update checkout_sessions set applied_codes = array_append(applied_codes, $2) where id = $1 and status = 'pending' and not ($2 = any(applied_codes))`,
    [session.id, code],
  );
  await pool.query('update checkout_sessions set failed_code_attempts = greatest(0, failed_code_attempts - 1) where id = $1', [session.id]);
  await discountSummary(res, session, codes);
});

app.delete('/v1/checkout_sessions/:id/discount/:code', async (req, res) => {
  const code = req.params.code.toLowerCase();
  const { rows } = await pool.query('select * from checkout_sessions where id = $1 limit 1', [req.params.id]);
  const session = rows[0];
  if (!session || session.status !== 'pending') return void fail(res, 404, 'resource_missing');
  await pool.query(`update checkout_sessions set applied_codes = array_remove(applied_codes, $2) where id = $1 and status = 'pending'`, [
    session.id,
    code,
  ]);
  await discountSummary(
    res,
    session,
    session.applied_codes.filter((c: string) => c !== code),
  );
});

app.post('/v1/tokens', async (req, res) => {
  const { rows } = await pool.query('select * from checkout_sessions where id = $1 limit 1', [req.body.checkout_session]);
  const session = rows[0];
  if (!session) return void fail(res, 400, 'checkout_session_not_found');
  await pool.query('select * from accounts where id = $1 limit 1', [session.account_id]);
  const digits = String(req.body.card.number).replace(/ /g, '');
  const token = newId('tok');
  const fingerprint = `fp_${createHmac('sha256', 'bench').update(digits).digest('hex').slice(0, 24)}`;
  await pool.query(
    `insert into sim_cards (token, brand, last4, exp_month, exp_year, fingerprint, behavior, reusable, created_at) values ($1, 'visa', $2, $3, $4, $5,
      'ok', false, now())`,
    [token, digits.slice(-4), req.body.card.exp_month, req.body.card.exp_year, fingerprint],
  );
  await pool.query(
    `insert into card_tokens (token, account_id, livemode, checkout_session_id, customer_id, used_for, created_at, processor_token) values ($1, $2,
      $3, $4, $5, null, now(), $1)`,
    [token, session.account_id, session.livemode, session.id, session.customer_id],
  );
  ok(res, {
    id: token,
    object: 'token',
    card: { brand: 'visa', last4: digits.slice(-4), exp_month: req.body.card.exp_month, exp_year: req.body.card.exp_year },
    livemode: session.livemode,
  });
});

/** Pays a session: the attempt, the processor's call on its own connection, then the charge and its books. */
app.post('/v1/checkout_sessions/:id/confirm', async (req, res) => {
  const { rows } = await pool.query('select * from checkout_sessions where id = $1 limit 1', [req.params.id]);
  const session = rows[0];
  if (!session || session.status !== 'pending') return void fail(res, 404, 'resource_missing');
  const live = `status in ('pending', 'requires_action', 'succeeded')`;
  await pool.query(`select * from money_intents where subject_id = $1 and kind = 'checkout_payment' and ${live} limit 1`, [session.id]);
  await pool.query('select * from discounts where account_id = $1 and livemode = $2 and (automatic or code_key = any($3))', [
    session.account_id,
    session.livemode,
    session.applied_codes,
  ]);
  const amount = session.line_items.reduce((sum: number, line: any) => sum + line.amountAgorot * line.quantity, 0);
  const token = req.body.payment_method.token;
  const attemptId = newId('att');
  const key = `pay_${attemptId}`;
  await transaction(async (client) => {
    await client.query(`select * from money_intents where subject_id = $1 and kind = 'checkout_payment' and ${live} limit 1`, [session.id]);
    const claimed = await client.query(
      'update card_tokens set used_for = $1 where token = $2 and checkout_session_id = $3 and (used_for is null or used_for = $1) returning 1',
      [attemptId, token, session.id],
    );
    if (claimed.rowCount === 0) throw new Error('token_already_used');
    await client.query(
      `insert into money_intents (id, kind, account_id, livemode, subject_id, idempotency_key, status, request, amount, created_at, updated_at)
        values ($1, 'checkout_payment', $6, $7, $2, $3, 'pending', $4, $5, now(), now())`,
      [attemptId, session.id, key, JSON.stringify({ sessionId: session.id, amount, token }), amount, session.account_id, session.livemode],
    );
  });
  await pool.query('select * from money_intents where id = $1 limit 1', [attemptId]);
  // The processor.
  await pool.query('select result from sim_ledger where idempotency_key = $1', [key]);
  const card = (await pool.query('select * from sim_cards where token = $1', [token])).rows[0];
  const details = { brand: card.brand, last4: card.last4, exp_month: card.exp_month, exp_year: card.exp_year };
  await pool.query(
    `insert into sim_ledger (idempotency_key, operation, request, result, created_at) values ($1, 'authorize', $2, $3, now()) on conflict
      (idempotency_key) do nothing returning result`,
    [
      key,
      JSON.stringify({ idempotencyKey: key, source: { token }, amount }),
      JSON.stringify({ status: 'authorized', processorRef: newId('sim_ch'), card: details }),
    ],
  );
  const chargeId = newId('ch');
  const charge = {
    id: chargeId,
    object: 'charge',
    customer: session.customer_id,
    amount,
    amount_captured: amount,
    amount_refunded: 0,
    currency: 'ils',
    status: 'succeeded',
    payment_method_details: { card: details },
  };
  await transaction(async (client) => {
    await client.query('select * from money_intents where id = $1 limit 1 for update', [attemptId]);
    await client.query('select * from accounts where id = $1 limit 1', [session.account_id]);
    const documentId = newId('doc');
    await client.query(
      `insert into charges (id, account_id, livemode, customer_id, amount, amount_captured, currency, status, capture_method, captured_at,
        checkout_session_id, line_items, payment_method_details, document_id, create_document, document_lines, created_at)
       values ($1, $2, $3, $4, $5, $5, 'ils', 'succeeded', 'automatic', now(), $6, $7, $8, $9, true, $7, now())`,
      [
        chargeId,
        session.account_id,
        session.livemode,
        session.customer_id,
        amount,
        session.id,
        JSON.stringify(session.line_items),
        JSON.stringify({ card: details }),
        documentId,
      ],
    );
    const event = (type: string, data: object) =>
      client.query(`insert into events (id, account_id, livemode, type, data, created_at) values ($1, $2, $3, $4, $5, now())`, [
        newId('evt'),
        session.account_id,
        session.livemode,
        type,
        JSON.stringify(data),
      ]);
    const endpoints = (type: string) =>
      client.query(
        'select * from webhook_endpoints where account_id = $1 and livemode = $2 and active and deleted_at is null and events && $3',
        [session.account_id, session.livemode, [type, '*']],
      );
    await event('charge.succeeded', charge);
    await endpoints('charge.succeeded');
    await client.query('select * from checkout_sessions where id = $1 limit 1 for update', [session.id]);
    await client.query(`update checkout_sessions set status = 'completed', completed_at = now(), charge_id = $2 where id = $1`, [
      session.id,
      chargeId,
    ]);
    await event('checkout_session.completed', { ...sessionView(session, 0), status: 'completed' });
    await endpoints('checkout_session.completed');
    await client.query(`update money_intents set status = 'succeeded', charge_id = $2, updated_at = now() where id = $1`, [
      attemptId,
      chargeId,
    ]);
    // The document's number last, as the service takes it: the account's sequence is locked until commit.
    const number = (
      await client.query(
        `insert into document_sequences (account_id, livemode, type, next_number) values ($1, $2, 'tax_invoice_receipt', 2) on conflict (account_id,
          livemode, type) do update set next_number = document_sequences.next_number + 1 returning next_number - 1 as number`,
        [session.account_id, session.livemode],
      )
    ).rows[0].number;
    const vat = Math.round((amount * 18) / 118);
    await client.query(
      `insert into documents (id, account_id, livemode, type, number, customer_id, charge_id, currency, lines, vat_rate, amount_excluding_vat,
        vat_amount, total, details, issued_at)
       values ($1, $2, $3, 'tax_invoice_receipt', $4, $5, $6, 'ils', $7, 18, $8, $9, $10, $11, now())`,
      [
        documentId,
        session.account_id,
        session.livemode,
        number,
        session.customer_id,
        chargeId,
        JSON.stringify(session.line_items),
        amount - vat,
        vat,
        amount,
        JSON.stringify({ card: details }),
      ],
    );
    await event('document.created', {
      id: documentId,
      object: 'document',
      type: 'tax_invoice_receipt',
      number,
      total: amount,
      vat_amount: vat,
      lines: session.line_items,
    });
    await endpoints('document.created');
  });
  ok(res, { status: 'succeeded', checkout_session: { ...sessionView(session, 0), status: 'completed' }, charge });
});

const server = app.listen(0, '127.0.0.1', () => {
  process.stderr.write(`ready ${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => process.exit(0));
