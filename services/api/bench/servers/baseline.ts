// Baselines measured in the same run: plain Express 5 with express.json(), and a raw `pg` twin of
// POST /v1/customers (key lookup by hash + INSERT … RETURNING, the same response).
import { createHash, randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import express from 'express';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = express();
app.use(express.json());

app.get('/v1/account', (_req, res) => {
  res.json({ success: true, data: { id: 'acct_bench', object: 'account', name: 'Bench', wallets_enabled: false, live_onboarded: false, cardholder_id_required: false, livemode: false, created: '2026-01-01T00:00:00.000Z' } });
});

app.post('/v1/customers', async (req, res) => {
  const key = req.headers.authorization?.slice('Bearer '.length) ?? '';
  const hash = createHash('sha256').update(key).digest('hex');
  const auth = await pool.query('select account_id, livemode from api_keys where secret_hash = $1 and revoked_at is null', [hash]);
  if (auth.rowCount === 0) {
    res.status(401).json({ success: false });
    return;
  }
  const id = `cus_${randomBytes(18).toString('base64url').slice(0, 24)}`;
  const { rows } = await pool.query(
    'insert into customers (id, account_id, livemode, name, email, phone, created_at) values ($1, $2, $3, $4, $5, $6, now()) returning *',
    [id, auth.rows[0].account_id, auth.rows[0].livemode, req.body.name, req.body.email ?? null, req.body.phone ?? null],
  );
  const row = rows[0];
  res.json({
    success: true,
    data: { id: row.id, object: 'customer', name: row.name, email: row.email, phone: row.phone, test_clock: null, livemode: row.livemode, created: row.created_at.toISOString() },
  });
});

const server = app.listen(0, '127.0.0.1', () => {
  process.stderr.write(`ready ${(server.address() as AddressInfo).port}\n`);
});
