import { existsSync, readFileSync } from 'node:fs';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { fromRepoRoot } from '../platform/repo-root';
import type { Config } from './config';
import { healthRoutes, type Readiness } from './ops';

export const CHECKOUT_DIST = fromRepoRoot('checkout-spa', 'dist');

const COMMON_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "img-src 'self' https: data:",
  "style-src 'self' 'unsafe-inline'",
];

/**
 * The checkout role: the hosted page at `/checkout/:id` (never framed), the embed at
 * `/checkout/:id/embed` (framed by https merchant sites, and loopback ones in development), and the
 * merchant's embed script at `/v1/embed.js`.
 */
export function createCheckoutApp(config: Config, ready: Readiness): Express {
  const app = express();
  app.disable('x-powered-by');
  const indexPath = `${CHECKOUT_DIST}/index.html`;
  const apiOrigin = new URL(config.publicBaseUrl).origin;
  const connect = `connect-src 'self' ${apiOrigin}`;
  const frameAncestors = config.webhooksAllowLoopback
    ? 'frame-ancestors https: http://localhost:* http://127.0.0.1:*'
    : 'frame-ancestors https:';

  const sendPage = (res: Response, embed: boolean) => {
    if (!existsSync(indexPath)) {
      res.status(503).type('text').send('The checkout page is not built. Run `pnpm build`.');
      return;
    }
    const html = readFileSync(indexPath, 'utf8')
      .replace('__KUPA_API_URL__', config.publicBaseUrl.replace(/["&<>]/g, ''))
      .replace('__KUPA_CHECKOUT_URL__', config.checkoutHostUrl.replace(/["&<>]/g, ''));
    res.setHeader('Content-Security-Policy', [...COMMON_CSP, connect, embed ? frameAncestors : "frame-ancestors 'none'"].join('; '));
    if (!embed) res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Cache-Control', 'no-store');
    res.type('html').send(html);
  };

  app.use(healthRoutes(ready));
  app.get('/checkout/:id', (_req, res) => sendPage(res, false));
  app.get('/checkout/:id/embed', (_req, res) => sendPage(res, true));
  // The merchant's embed script: a stable URL, so cached briefly rather than forever.
  app.get('/v1/embed.js', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.sendFile(`${CHECKOUT_DIST}/v1/embed.js`, (error) => {
      if (error && !res.headersSent) res.status(503).type('text').send('The embed script is not built. Run `pnpm build`.');
    });
  });
  app.use('/assets', express.static(`${CHECKOUT_DIST}/assets`, { immutable: true, maxAge: '1y', fallthrough: false }));
  app.use((_req, res) => {
    res.status(404).type('text').send('Not found');
  });
  // Whatever NODE_ENV is, a failure shows a word, never a stack trace or a file path.
  app.use((error: { status?: number; statusCode?: number }, _req: Request, res: Response, _next: NextFunction) => {
    const status = error.status ?? error.statusCode ?? 500;
    const client = status >= 400 && status < 500;
    res
      .status(client ? status : 500)
      .type('text')
      .send(status === 404 ? 'Not found' : client ? 'Bad request' : 'Something went wrong');
  });
  return app;
}
