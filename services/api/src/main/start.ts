import type { Server } from 'node:http';
import { parseArgs } from 'node:util';
import { Drain } from '../platform/http/drain';
import { createHttpServer } from '../platform/http/http-server';
import { ConfigError, loadConfig, type Role, ROLES } from './config';
import { createServices, type Services } from './container';
import { connectDatabase } from './database';
import { devOwnerSignIn, ensureDevMerchant } from './dev-merchant';
import { createApiApp } from './http';
import { createCheckoutApp } from './checkout-host';
import { GetLogo } from '../modules/accounts';
import { CardFieldOrigins } from '../modules/checkout';
import { PortalCardFieldOrigins } from '../modules/portal';
import { createOpsApp, readiness } from './ops';
import { startWorker } from './worker';

function parseRoles(argv: string[]): Role[] {
  const { values } = parseArgs({ args: argv, options: { role: { type: 'string', multiple: true } }, strict: true });
  const roles = (values.role ?? [])
    .flatMap((r) => r.split(','))
    .map((r) => r.trim())
    .filter(Boolean);
  for (const role of roles) {
    if (!ROLES.includes(role as Role)) throw new ConfigError([`--role must be one of ${ROLES.join(', ')}, got '${role}'`]);
  }
  return roles.length > 0 ? (roles as Role[]) : [...ROLES];
}

/** Every server of the process answers behind it, so a stop lets the answers in flight finish. */
const drain = new Drain();

function listen(app: import('express').Express, port: number, variable: string, requestTimeoutMs: number): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createHttpServer(drain.wrap(app), { requestTimeoutMs });
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new ConfigError([`port ${port} is already in use: stop what is using it, or set ${variable} to a free port`])
          : error,
      ),
    );
    server.listen(port, () => resolve(server));
  });
}

/** Waits for `work`, at most `ms`, whatever its outcome. */
function settle(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    work
      .then(
        () => resolve(),
        () => resolve(),
      )
      .finally(() => clearTimeout(timer));
  });
}

/** Connections dropping while PostgreSQL goes down are expected when stopping, not a reason to crash. */
function ignoreErrorsWhileStopping(): void {
  process.on('uncaughtException', () => {});
  process.on('unhandledRejection', () => {});
}

async function main(): Promise<void> {
  const config = loadConfig();
  const roles = parseRoles(process.argv.slice(2));

  if (!config.databaseUrl) console.log(`Starting embedded PostgreSQL (data in ${config.dataDir})…`);
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    // Its free port is picked before the service listens: never one the service is about to take.
    avoidPorts: [config.port, config.checkoutPort, config.metricsPort],
    database: 'kupa',
  });

  const servers: Server[] = [];
  const stoppers: { stop(): Promise<void> }[] = [];
  let services: Services | undefined;
  let ops: Server | undefined;
  /** Whether the start succeeded, once it is over. */
  let startOver: (succeeded: boolean) => void = () => {};
  const startup = new Promise<boolean>((resolve) => (startOver = resolve));
  // Listened for from the start, so a signal during start-up (a deploy that changes its mind) is a graceful stop too.
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    // A signal while starting waits for the start: what it starts is then stopped as gracefully. A start
    // that fails stops what it started itself.
    if (!(await startup)) return;
    ignoreErrorsWhileStopping();
    services!.beginShutdown();
    console.log(`\n${signal}: stopping (answers in flight and jobs being worked get up to ${config.shutdownGraceMs} ms)…`);
    // Answers in flight finish while new requests are told to go elsewhere (503 `shutting_down`), and
    // workers finish their batches (a job cut at the end goes back to the queue when its lease ends).
    // Ctrl-C reaches the embedded PostgreSQL too, which may already be going down: every step is
    // bounded and a failure of one does not keep the others from running.
    await Promise.all([
      drain.drain(servers, config.shutdownGraceMs),
      ...stoppers.map((stopper) => settle(stopper.stop(), config.shutdownGraceMs)),
    ]);
    await settle(services!.close(), 5_000);
    await settle(database.stop(), 10_000);
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  try {
    const started = (services = await createServices(config, database.url, { worker: roles.includes('worker') }));
    if (roles.includes('api')) servers.push(await listen(createApiApp(services), config.port, 'PORT', config.requestTimeoutMs));
    if (roles.includes('checkout'))
      servers.push(
        await listen(
          createCheckoutApp(config, readiness(started), {
            logos: (id) => started.inContext(() => started.container.get(GetLogo).execute(id)),
            cardFields: (id) => started.inContext(() => started.container.get(CardFieldOrigins).execute(id)),
            portalCardFields: (id) => started.inContext(() => started.container.get(PortalCardFieldOrigins).execute(id)),
            bitPage: (id, attempt) => started.inContext(() => started.container.get(CardFieldOrigins).bitPage(id, attempt)),
          }),
          config.checkoutPort,
          'CHECKOUT_PORT',
          config.requestTimeoutMs,
        ),
      );
    if (config.metricsPort !== null)
      servers.push((ops = await listen(createOpsApp(services), config.metricsPort, 'METRICS_PORT', config.requestTimeoutMs)));
    if (roles.includes('worker')) stoppers.push(await startWorker(services));
  } catch (error) {
    // A start that fails half-way stops what it started, the embedded PostgreSQL included.
    ignoreErrorsWhileStopping();
    services?.beginShutdown();
    for (const server of servers) server.close();
    for (const stopper of stoppers) await settle(stopper.stop(), 5_000);
    if (services) await settle(services.close(), 5_000);
    await settle(database.stop(), 10_000);
    startOver(false);
    throw error;
  }
  startOver(true);

  console.log(`\nKupa is running (${roles.join(', ')}).`);
  console.log(`  Runtime:       Node.js ${process.versions.node}`);
  if (roles.includes('api')) {
    console.log(`  API:           ${config.publicBaseUrl}`);
    console.log(`  API docs:      ${config.publicBaseUrl}/docs`);
  }
  if (roles.includes('checkout')) console.log(`  Checkout host: ${config.checkoutHostUrl}`);
  if (ops) console.log(`  Metrics:       http://localhost:${(ops.address() as { port: number }).port}/metrics (and /health, /ready)`);
  if (database.embedded) {
    const merchant = await ensureDevMerchant(services, config.dataDir);
    console.log(`  Dev merchant:  ${merchant.account_id}${merchant.created ? ' (created now)' : ''}`);
    console.log(`  Test key:      ${merchant.test_key}`);
    if (roles.includes('api'))
      console.log(`  Dashboard:     ${await devOwnerSignIn(services, merchant.account_id, `${config.publicBaseUrl}/dashboard`)}`);
    console.log(
      `\nTry: curl -X POST ${config.publicBaseUrl}/v1/products -H "Authorization: Bearer ${merchant.test_key}" -H "Content-Type: ` +
        `application/json" -d '{"name":"T-shirt"}'`,
    );
  }
  console.log('\nPress Ctrl-C to stop.');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('Failed to start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
