// Four webhook receivers, each verifying every delivery's signature as a merchant's server does (the
// Standard Webhooks library), counting what arrived and when each event first did; a control port resets
// them and reports.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

interface Receiver {
  verifier: Webhook | null;
  /** Each event's id, with the time (epoch ms) it first arrived verified. */
  arrivals: Map<string, number>;
  received: number;
  rejected: number;
}
const fresh = (verifier: Webhook | null): Receiver => ({ verifier, arrivals: new Map(), received: 0, rejected: 0 });
const receivers: Receiver[] = Array.from({ length: 4 }, () => fresh(null));

const readBody = async (req: IncomingMessage) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  return body;
};
const listen = (handler: (req: IncomingMessage, res: ServerResponse) => Promise<void>) =>
  new Promise<number>((resolve) => {
    const server = createServer((req, res) => void handler(req, res));
    server.keepAliveTimeout = 60_000;
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

const ports = await Promise.all(
  receivers.map((receiver) =>
    listen(async (req, res) => {
      const body = await readBody(req);
      receiver.received++;
      try {
        receiver.verifier!.verify(body, req.headers as Record<string, string>);
        const id = req.headers['webhook-id'] as string;
        if (!receiver.arrivals.has(id)) receiver.arrivals.set(id, Date.now());
        res.writeHead(200).end();
      } catch {
        receiver.rejected++;
        res.writeHead(400).end();
      }
    }),
  ),
);

// POST /reset {secrets: [4]}: forget what arrived and verify with these secrets; GET /count: what arrived;
// GET /arrivals: when each event first arrived at each receiver ([{eventId: epoch ms}]).
const control = await listen(async (req, res) => {
  const body = await readBody(req);
  if (req.method === 'POST') {
    const { secrets } = JSON.parse(body) as { secrets: string[] };
    receivers.forEach((receiver, i) => Object.assign(receiver, fresh(new Webhook(secrets[i]))));
  }
  const answer =
    req.url === '/arrivals'
      ? receivers.map(({ arrivals }) => Object.fromEntries(arrivals))
      : receivers.map(({ arrivals, received, rejected }) => ({ unique: arrivals.size, received, rejected }));
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
});
process.stderr.write(`ready ${control} ${ports.join(' ')}\n`);
process.once('SIGTERM', () => process.exit(0));
