import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEvent {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

/**
 * A merchant's site on a second loopback origin: the page the shopper returns to, a shop page that
 * embeds the checkout with `/v1/embed.js`, a page that tries to frame the hosted page, and a webhook
 * receiver.
 */
export class MerchantSite {
  readonly events: ReceivedEvent[] = [];
  /** While true, the webhook receiver answers 503, as a site under maintenance. */
  webhooksDown = false;
  private server!: Server;
  origin = '';

  constructor(private readonly checkoutOrigin: string) {}

  async start(): Promise<void> {
    this.server = createServer(async (req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (req.method === 'POST' && url.pathname === '/webhooks' && this.webhooksDown) {
        await body(req);
        res.writeHead(503, { 'content-type': 'text/plain' }).end('down for maintenance');
      } else if (req.method === 'POST' && url.pathname === '/webhooks') {
        this.events.push(JSON.parse(await body(req)) as ReceivedEvent);
        res.writeHead(200).end();
      } else if (url.pathname === '/thanks') {
        html(res, `<h1>Thank you for your order</h1><p id="session">${escape(url.searchParams.get('session') ?? '')}</p>`);
      } else if (url.pathname === '/cart') {
        html(res, '<h1>Your cart</h1>');
      } else if (url.pathname === '/shop') {
        // The merchant's integration, as the README shows it.
        html(
          res,
          `<h1>Shop</h1><div id="checkout"></div>
<script src="${this.checkoutOrigin}/v1/embed.js"></script>
<script>
  window.results = []; window.ready = []; window.raw = [];
  window.addEventListener('message', (e) => window.raw.push({ origin: e.origin, data: e.data }));
  Kupa.mountCheckout(document.getElementById('checkout'), {
    url: ${JSON.stringify(url.searchParams.get('embed_url') ?? '')},
    onReady: (info) => window.ready.push(info),
    onResult: (result) => window.results.push(result),
  });
</script>`,
        );
      } else if (url.pathname === '/frame') {
        html(res, `<h1>Framing attempt</h1><iframe id="frame" title="framed" src="${escape(url.searchParams.get('src') ?? '')}"></iframe>`);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  eventsOf(type: string, objectId?: string): ReceivedEvent[] {
    return this.events.filter(
      (event) =>
        event.type === type &&
        (!objectId || (event.data.object as { id?: string })?.id === objectId || JSON.stringify(event.data).includes(objectId)),
    );
  }

  async waitForEvent(type: string, match: (event: ReceivedEvent) => boolean, timeoutMs = 20_000): Promise<ReceivedEvent> {
    const started = Date.now();
    for (;;) {
      const found = this.events.find((event) => event.type === type && match(event));
      if (found) return found;
      if (Date.now() - started > timeoutMs) throw new Error(`no ${type} event arrived; got ${this.events.map((e) => e.type).join(', ')}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => resolve(text));
  });
}

function html(res: import('node:http').ServerResponse, content: string): void {
  res
    .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
    .end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Merchant</title></head><body>${content}</body></html>`);
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
