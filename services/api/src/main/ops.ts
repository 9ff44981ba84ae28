import express, { type Express, type Router } from 'express';
import type { Services } from './container';

/** How long /ready waits for the database before saying no. */
const READY_TIMEOUT_MS = 2_000;

export type Readiness = () => Promise<string | null>;

/** Whether this process can serve: null when it can, else why not (the database, migrations). */
export function readiness(services: Services): Readiness {
  const check = async (): Promise<string | null> => {
    // A load balancer stops sending here while the answers in flight finish.
    if (services.stopping) return 'the process is stopping';
    try {
      await services.orm.em.fork().getConnection().execute('select 1');
      const pending = await services.orm.getMigrator().getPendingMigrations();
      return pending.length > 0 ? `${pending.length} migration(s) not applied` : null;
    } catch {
      return 'the database is unreachable';
    }
  };
  return () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve('the database did not answer in time'), READY_TIMEOUT_MS);
    });
    return Promise.race([check(), timeout]).finally(() => clearTimeout(timer));
  };
}

/** `GET /health` (the process is alive) and `GET /ready` (it can serve: 503 with the reason when not). */
export function healthRoutes(ready: Readiness): Router {
  const router = express.Router();
  router.get('/health', (_req, res) => {
    res.json({ success: true, data: { status: 'ok' } });
  });
  router.get('/ready', async (_req, res) => {
    const problem = await ready();
    if (problem)
      res.status(503).json({ success: false, error: { type: 'api_error', code: 'not_ready', message: `Not ready: ${problem}` } });
    else res.json({ success: true, data: { status: 'ready' } });
  });
  return router;
}

/**
 * Every role's operations port (`METRICS_PORT`): health, readiness and Prometheus metrics. Kept off the
 * API's port so request volumes and queue depths are not public.
 */
export function createOpsApp(services: Services): Express {
  const app = express();
  app.disable('x-powered-by');
  app.use(healthRoutes(readiness(services)));
  app.get('/metrics', async (_req, res) => {
    res.type(services.metrics.registry.contentType).send(await services.metrics.registry.metrics());
  });
  return app;
}
