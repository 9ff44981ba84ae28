// The service itself, in its own process, as the benchmarks' subject.
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/main/config';
import { createServices } from '../../src/main/container';
import { createApiApp } from '../../src/main/http';
import type { OperationHandlers } from '../../src/platform/http/handlers';
import { createHttpServer } from '../../src/platform/http/http-server';

const config = loadConfig({ ...process.env, PORT: '0' });
const services = await createServices(config, process.env.DATABASE_URL!, { worker: false });

// http-floor: the whole middleware chain (request id, logging, auth, validation, envelope) with a handler
// that touches no database.
const overrides: OperationHandlers = {
  getAccount: async ({ auth }) => ({
    success: true,
    data: {
      id: auth.accountId,
      object: 'account',
      name: 'Bench',
      business_profile: null,
      wallets_enabled: false,
      live_onboarded: false,
      cardholder_id_required: false,
      processor: null,
      portal: { allowed_prices: [], proration_behavior: 'always_invoice', cancel_mode: 'at_period_end', cancellation_reasons: [] },
      dunning: { retry_days: [1, 3, 5] },
      branding: { logo_url: null, color: null, accent_color: null, terms_url: null, privacy_url: null },
      tax_authority: { status: 'not_connected', connected_at: null },
      document_certificate: null,
      livemode: auth.livemode,
      support_refund_limit: 50_000,
      created: '2026-01-01T00:00:00.000Z',
    },
  }),
};

// BENCH_GUARDS=off: the same service without Idempotency-Key and rate limits, to measure what they cost;
// BENCH_METRICS=off: without counting requests; BENCH_REQUEST_LOG=off: without the request log.
const app = createApiApp(services, {
  overrides,
  guards: process.env.BENCH_GUARDS !== 'off',
  metrics: process.env.BENCH_METRICS !== 'off',
  requestLog: process.env.BENCH_REQUEST_LOG !== 'off',
});
const server = createHttpServer(app, config).listen(0, '127.0.0.1', () => {
  process.stderr.write(`ready ${(server.address() as AddressInfo).port}\n`);
});
process.once('SIGTERM', () => process.exit(0));
