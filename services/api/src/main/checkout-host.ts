import { existsSync, readFileSync } from 'node:fs';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { sendCompressed, sendPrecompressed } from '../platform/http/compressed-files';
import { fromRepoRoot } from '../platform/repo-root';
import type { Config } from './config';
import { healthRoutes, type Readiness } from './ops';

export const CHECKOUT_DIST = fromRepoRoot('checkout-spa', 'dist');

const COMMON_CSP = [
  "default-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "img-src 'self' https: data:",
  "style-src 'self' 'unsafe-inline'",
];

/** What the checkout host reads of the service. */
export interface CheckoutReaders {
  /** An uploaded logo's bytes by its id, or null. */
  logos: (id: string) => Promise<{ contentType: string; data: Buffer } | null>;
  /** The origins a checkout page lets in besides its own: its processor's card fields, on a live page. */
  cardFields: (sessionId: string) => Promise<string[]>;
  /** The same for a portal page: its processor's card fields, on a live portal. */
  portalCardFields: (portalSessionId: string) => Promise<string[]>;
  /** The processor's Bit page made for a payment of the session that still waits for it, or null. */
  bitPage: (sessionId: string, attemptId: string) => Promise<string | null>;
}

/** Where a Bit page's frame comes back to: it tells the checkout page (two frames up, on this host) how Bit ended. */
const BIT_RETURN_SCRIPT = `(function () {
  var query = new URLSearchParams(location.search);
  var target = window.parent && window.parent.parent;
  if (!target || target === window) return;
  target.postMessage(
    { type: 'kupa-bit-return', challenge_id: query.get('challenge_id'), result: query.get('result') === 'success' ? 'success' : 'failure' },
    location.origin
  );
})();
`;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The checkout role: the hosted page at `/checkout/:id` (never framed), the embed at
 * `/checkout/:id/embed` (framed by https merchant sites, and loopback ones in development), the
 * merchant's embed script at `/v1/embed.js`, and the two small pages a live Bit payment passes through
 * (`/checkout/:id/bit/:challenge` frames Bit's page, `/checkout/:id/bit-return` is where Bit sends it back).
 */
export function createCheckoutApp(config: Config, ready: Readiness, readers: CheckoutReaders): Express {
  const app = express();
  app.disable('x-powered-by');
  const indexPath = `${CHECKOUT_DIST}/index.html`;
  const apiOrigin = new URL(config.publicBaseUrl).origin;
  /**
   * Exactly the processor's card fields on a live page that has them (script, frames, their calls), and
   * the page's own frames (Bit's, framed again by this host); first-party only otherwise.
   */
  const sources = (processor: string[]) =>
    processor.length === 0
      ? ["script-src 'self'", `connect-src 'self' ${apiOrigin}`]
      : [
          `script-src 'self' ${processor.join(' ')}`,
          `frame-src 'self' ${processor.join(' ')}`,
          `connect-src 'self' ${apiOrigin} ${processor.join(' ')}`,
        ];
  const frameAncestors = config.webhooksAllowLoopback
    ? 'frame-ancestors https: http://localhost:* http://127.0.0.1:*'
    : 'frame-ancestors https:';

  const sendPage = async (req: Request, res: Response, embed: boolean, processor: string[] = []) => {
    if (!existsSync(indexPath)) {
      res.status(503).type('text').send('The checkout page is not built. Run `pnpm build`.');
      return;
    }
    const html = readFileSync(indexPath, 'utf8')
      .replace('__KUPA_API_URL__', config.publicBaseUrl.replace(/["&<>]/g, ''))
      .replace('__KUPA_CHECKOUT_URL__', config.checkoutHostUrl.replace(/["&<>]/g, ''));
    res.setHeader(
      'Content-Security-Policy',
      [...COMMON_CSP, ...sources(processor), embed ? frameAncestors : "frame-ancestors 'none'"].join('; '),
    );
    if (!embed) res.setHeader('X-Frame-Options', 'DENY');
    res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
    res.setHeader('Cache-Control', 'no-store');
    res.type('html');
    sendCompressed(req, res, Buffer.from(html));
  };

  app.use(healthRoutes(ready));
  app.get('/checkout/:id', async (req, res) => sendPage(req, res, false, await readers.cardFields(req.params.id)));
  app.get('/checkout/:id/embed', async (req, res) => sendPage(req, res, true, await readers.cardFields(req.params.id)));
  // Bit's page for one payment, framed for the checkout page (full or embedded): this frame lets in
  // exactly the origin of the page the processor made, which is known only once it is made, and this
  // host, where Bit sends the frame back.
  app.get('/checkout/:id/bit/:challenge', async (req, res) => {
    const url = /^att_\w+$/.test(req.params.challenge) ? await readers.bitPage(req.params.id, req.params.challenge) : null;
    if (!url) return void res.status(404).type('text').send('Not found');
    res.setHeader(
      'Content-Security-Policy',
      ["default-src 'none'", "style-src 'unsafe-inline'", `frame-src ${new URL(url).origin} 'self'`, `${frameAncestors} 'self'`].join('; '),
    );
    res.setHeader('Referrer-Policy', 'no-referrer');
    res.setHeader('Cache-Control', 'no-store');
    res
      .type('html')
      .send(
        '<!doctype html><html><head><meta charset="utf-8"><title>Bit</title>' +
          '<style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%;display:block}</style></head>' +
          `<body><iframe src="${escapeHtml(url)}" title="Bit" allow="payment"></iframe></body></html>`,
      );
  });
  // Where Bit sends its frame back (success_url, failure_url): it only tells the checkout page, which asks the API.
  app.get('/checkout/:id/bit-return', (_req, res) => {
    res.setHeader('Content-Security-Policy', ["default-src 'none'", "script-src 'self'", `${frameAncestors} 'self'`].join('; '));
    res.setHeader('Cache-Control', 'no-store');
    res
      .type('html')
      .send(
        '<!doctype html><html><head><meta charset="utf-8"><title>Bit</title><script src="/bit-return.js"></script></head><body></body></html>',
      );
  });
  app.get('/bit-return.js', (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.type('text/javascript').send(BIT_RETURN_SCRIPT);
  });
  // The customer portal: the same app, never framed.
  app.get('/portal/:id', async (req, res) => sendPage(req, res, false, await readers.portalCardFields(req.params.id)));
  // The merchant's embed script: a stable URL, so cached briefly rather than forever.
  app.get('/v1/embed.js', (req, res, next) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    sendPrecompressed(req, res, next, `${CHECKOUT_DIST}/v1/embed.js`);
  });
  app.get('/v1/embed.js', (_req, res) => {
    res.sendFile(`${CHECKOUT_DIST}/v1/embed.js`, (error) => {
      if (error && !res.headersSent) res.status(503).type('text').send('The embed script is not built. Run `pnpm build`.');
    });
  });
  // Merchants' uploaded logos: a new upload is a new id, so each is cached for good.
  app.get('/logos/:id', async (req, res, next) => {
    // Express 5 passes a rejection to the error handler; an unknown id goes on to the 404.
    const logo = /^logo_\w+$/.test(req.params.id) ? await readers.logos(req.params.id) : null;
    if (!logo) return next();
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'");
    res.type(logo.contentType).send(logo.data);
  });
  // Hashed names: cached for good. The build wrote each beside itself in brotli and gzip.
  app.get('/assets/:file', (req, res, next) => {
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    if (/^[\w-]+\.(js|css)$/.test(req.params.file)) sendPrecompressed(req, res, next, `${CHECKOUT_DIST}/assets/${req.params.file}`);
    else next();
  });
  app.use(
    '/assets',
    express.static(`${CHECKOUT_DIST}/assets`, {
      immutable: true,
      maxAge: '1y',
      fallthrough: false,
      setHeaders: (res) => res.setHeader('Vary', 'Accept-Encoding'),
    }),
  );
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
