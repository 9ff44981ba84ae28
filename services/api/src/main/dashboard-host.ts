import { existsSync, readFileSync } from 'node:fs';
import express, { type Router } from 'express';
import { sendCompressed, sendPrecompressed } from '../platform/http/compressed-files';
import { fromRepoRoot } from '../platform/repo-root';

export const DASHBOARD_DIST = fromRepoRoot('services', 'dashboard', 'dist');

/**
 * The dashboard's own page and files load from this server only, run no inline script or style, and
 * are never framed; the app talks to the API on the same origin.
 */
const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The merchant dashboard under `/dashboard`: its page at every path of the app, its hashed files under `/dashboard/assets`. */
export function dashboardRoutes(): Router {
  const router = express.Router();
  const indexPath = `${DASHBOARD_DIST}/index.html`;
  let page: Buffer | undefined;

  router.get('/dashboard/assets/:file', (req, res, next) => {
    if (!/^[\w-]+\.(js|css|svg|woff2)$/.test(req.params.file)) return next();
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    sendPrecompressed(req, res, next, `${DASHBOARD_DIST}/assets/${req.params.file}`);
  });
  router.use('/dashboard/assets', express.static(`${DASHBOARD_DIST}/assets`, { immutable: true, maxAge: '1y', fallthrough: true }));
  router.get(['/dashboard', '/dashboard/{*rest}'], (req, res, next) => {
    if (req.path.startsWith('/dashboard/assets/')) return next();
    if (!existsSync(indexPath)) {
      res.status(503).type('text').send('The dashboard is not built. Run `pnpm build`.');
      return;
    }
    page ??= readFileSync(indexPath);
    res.setHeader('Content-Security-Policy', CSP);
    res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Referrer-Policy', 'same-origin');
    res.setHeader('Cache-Control', 'no-store');
    res.type('html');
    sendCompressed(req, res, page);
  });
  return router;
}
