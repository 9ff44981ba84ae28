import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import express, { type Express } from 'express';
import { AuthenticateApiKey } from '../modules/accounts/application/authenticate-api-key';
import { AccountsRouter } from '../modules/accounts/interfaces/http/accounts.router';
import { CatalogRouter } from '../modules/catalog/interfaces/http/catalog.router';
import { CustomersRouter } from '../modules/customers/interfaces/http/customers.router';
import { TestHelpersRouter } from '../modules/test-helpers/interfaces/http/test-helpers.router';
import { EventsRouter } from '../modules/events/interfaces/http/events.router';
import { DiscountsRouter } from '../modules/discounts/interfaces/http/discounts.router';
import { CheckoutRouter } from '../modules/checkout/interfaces/http/checkout.router';
import { PaymentsRouter } from '../modules/payments/interfaces/http/payments.router';
import { InvoicingRouter } from '../modules/invoicing/interfaces/http/invoicing.router';
import { SubscriptionsRouter } from '../modules/subscriptions/interfaces/http/subscriptions.router';
import { PortalRouter } from '../modules/portal/interfaces/http/portal.router';
import { TeamRouter } from '../modules/team/interfaces/http/team.router';
import { ReportsRouter } from '../modules/reports/interfaces/http/reports.router';
import { RequestLogRouter } from '../modules/request-log/interfaces/http/request-log.router';
import { RequestLog } from '../modules/request-log';
import type { AuthContext } from '../platform/http/authentication';
import { AuditTrail, AuthenticateSession, AuthorizeActor } from '../modules/team';
import { createContractRouter } from '../platform/http/contract-router';
import type { OperationHandlers } from '../platform/http/handlers';
import { errorMapper, sendError } from '../platform/http/error-mapper';
import { jsonAnswer } from '../platform/fast-paths/json-answer';
import { loadOpenApi } from '../platform/http/openapi-document';
import { idempotency } from '../platform/http/idempotency';
import { byAccount, byAddress, rateLimit, RateLimiter } from '../platform/http/rate-limit';
import { type AnswerObserver, requestContext } from '../platform/http/request-context';
import { PgRateBucketStore } from '../platform/persistence/rate-bucket-store';
import { PgIdempotencyStore } from '../platform/persistence/idempotency-store';
import { inOwnContext } from '../platform/persistence/own-context';
import { PERSISTENCE } from '../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../platform/persistence/unit-of-work';
import { DomainError } from '../shared/domain/domain-error';
import type { Metrics } from '../platform/metrics/metrics';
import type { Services } from './container';
import { healthRoutes, readiness } from './ops';
import { dashboardRoutes } from './dashboard-host';
import { SHARED } from '../shared/domain/shared.tokens';

const require = createRequire(import.meta.url);
/** How long a repeat of a running idempotent request waits for its answer. */
const IDEMPOTENT_WAIT_MS = 5_000;

/**
 * The reference renderer, with the one asset it would fetch from another host (its menu's logo) made a
 * local image, so /docs loads everything from this server and works offline.
 */
let redocBundle: string | undefined;
function redoc(): string {
  redocBundle ??= readFileSync(require.resolve('redoc/bundles/redoc.standalone.js'), 'utf8').replaceAll(
    'https://cdn.redoc.ly/redoc/logo-mini.svg',
    '/docs/logo.svg',
  );
  return redocBundle;
}
const DOCS_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="4" fill="#0b5cad"/><path d="M5 4v8M5 8l5-4M5 ' +
  '8l5 4" stroke="#fff" stroke-width="2" fill="none"/></svg>';

const DOCS_PAGE = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Kupa API reference</title>
  <style>body { margin: 0; }</style>
</head>
<body>
  <redoc spec-url="/openapi.yaml" hide-download-button="false"></redoc>
  <script src="/docs/redoc.standalone.js"></script>
</body>
</html>`;

/** Each answer by its contract operation (or `other`), method and status, and how long it took. */
function countRequests(metrics: Metrics): AnswerObserver {
  return (req, res, seconds) => {
    const operation = (res.locals.operation as string | undefined) ?? 'other';
    metrics.requests.inc({ operation, method: req.method, status: String(res.statusCode) });
    metrics.requestSeconds.observe({ operation }, seconds);
  };
}

/** Each authenticated request into the request log, after its answer; a lost line is logged, never the request's failure. */
function logRequests(log: RequestLog, logger: Services['logger']): AnswerObserver {
  return (req, res) => {
    const auth = res.locals.auth as AuthContext | undefined;
    if (!auth) return;
    log
      .record({
        id: res.getHeader('Request-Id') as string,
        accountId: auth.accountId,
        livemode: auth.livemode,
        method: req.method,
        path: req.path.slice(0, 2048),
        status: res.statusCode,
        source: auth.actor.kind === 'session' ? 'dashboard' : 'key',
        userId: auth.actor.kind === 'session' ? auth.actor.userId : null,
      })
      .catch((err: unknown) => logger.error({ err }, 'request log line not written'));
  };
}

/** Per account and mode (`RATE_LIMIT_PER_SECOND`, `RATE_LIMIT_BURST`); per address on public endpoints. */
function rateLimits({ orm, config }: Services) {
  const store = new PgRateBucketStore(orm.em);
  const perMinute = config.publicRateLimitPerMinute;
  return {
    authenticated: rateLimit(
      new RateLimiter(store, config.rateLimit),
      byAccount,
      `Too many requests for this account: at most ${config.rateLimit.perSecond} a second (bursts of ${config.rateLimit.burst}); retry after ` +
        `the Retry-After seconds`,
    ),
    public: rateLimit(
      new RateLimiter(store, { perSecond: perMinute / 60, burst: perMinute }),
      byAddress,
      `Too many requests from this address: at most ${perMinute} a minute; retry after the Retry-After seconds`,
    ),
  };
}

/**
 * The API role: the contract's operations under `/v1` (and the `/api/v1` alias), the document and its docs.
 * Benchmarks replace handlers by operation id (`overrides`) and measure what the guards and the request metrics cost (`guards: false`, `metrics: false`
 * leaves out Idempotency-Key and rate limits, `requestLog: false` the request log; nothing else does).
 */
export function createApiApp(
  services: Services,
  {
    overrides = {},
    guards = true,
    metrics = true,
    requestLog = true,
  }: { overrides?: OperationHandlers; guards?: boolean; metrics?: boolean; requestLog?: boolean } = {},
): Express {
  const { container, orm, logger } = services;
  const { text: openApiText, document } = loadOpenApi();
  const authenticateKey = container.get(AuthenticateApiKey);
  const authenticateSession = container.get(AuthenticateSession);
  const auditTrail = container.get(AuditTrail);
  const authorizeActor = container.get(AuthorizeActor);

  const handlers: OperationHandlers = Object.assign(
    {},
    container.get(AccountsRouter).handlers(),
    container.get(CatalogRouter).handlers(),
    container.get(CustomersRouter).handlers(),
    container.get(TestHelpersRouter).handlers(),
    container.get(EventsRouter).handlers(),
    container.get(DiscountsRouter).handlers(),
    container.get(CheckoutRouter).handlers(),
    container.get(PaymentsRouter).handlers(),
    container.get(InvoicingRouter).handlers(),
    container.get(SubscriptionsRouter).handlers(),
    container.get(PortalRouter).handlers(),
    container.get(TeamRouter).handlers(),
    container.get(ReportsRouter).handlers(),
    container.get(RequestLogRouter).handlers(),
    overrides,
  );

  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.response.json = jsonAnswer;
  if (services.config.trustProxy !== undefined) app.set('trust proxy', services.config.trustProxy);
  const observers = [metrics && countRequests(services.metrics), requestLog && logRequests(container.get(RequestLog), logger)].filter(
    (observer): observer is AnswerObserver => Boolean(observer),
  );
  const begin = requestContext(
    logger,
    observers.length > 0 ? (req, res, seconds) => observers.forEach((o) => o(req, res, seconds)) : undefined,
  );
  app.use((req, res, next) => {
    begin(req, res);
    inOwnContext(orm.em, next);
  });

  const api = createContractRouter({
    document,
    handlers,
    authenticate: (key) => authenticateKey.execute(key),
    authenticateSession: (request) => authenticateSession.execute(request),
    authorize: (auth, request) => authorizeActor.execute(auth, request),
    // Written after the answer, many to a statement as the request log is; a lost entry is logged, never the request's failure.
    audit: (auth, done) =>
      void auditTrail
        .record(auth, auth.actor, done)
        .catch((err: unknown) => logger.error({ err, action: done.action }, 'audit entry not written')),
    limits: { authenticatedBody: 1024 * 1024, publicBody: 8 * 1024 },
    publicCorsOrigin: new URL(services.config.checkoutHostUrl).origin,
    idempotency: guards
      ? idempotency(
          new PgIdempotencyStore(orm.em, services.config.paymentAttemptStaleMs),
          {
            waitMs: IDEMPOTENT_WAIT_MS,
            secrets: services.container.get(SHARED.SecretBox),
            unitOfWork: services.container.get<UnitOfWork>(PERSISTENCE.UnitOfWork),
            faults: services.config.testFaults,
          },
          logger,
        )
      : undefined,
    rateLimits: guards ? rateLimits(services) : undefined,
  });
  app.use(api);

  app.use(dashboardRoutes());
  app.use(healthRoutes(readiness(services)));
  app.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').send(openApiText);
  });
  app.get('/docs', (_req, res) => {
    res.type('html').send(DOCS_PAGE);
  });
  app.get('/docs/logo.svg', (_req, res) => {
    res.type('image/svg+xml').set('Cache-Control', 'public, max-age=3600').send(DOCS_LOGO);
  });
  app.get('/docs/redoc.standalone.js', (_req, res) => {
    res.type('text/javascript').set('Cache-Control', 'public, max-age=3600').send(redoc());
  });

  app.use((req, res) => {
    sendError(res, new DomainError('route_not_found', `Unrecognized request URL (${req.method} ${req.path})`));
  });
  app.use(errorMapper(logger));
  return app;
}
