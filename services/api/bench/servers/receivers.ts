// Four webhook receivers, each verifying every delivery's signature as a merchant's server does (the
// Standard Webhooks library), counting what arrived; a control port resets them and reports.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

interface Receiver {
  verifier: Webhook | null;
  ids: Set<string>;
  received: number;
  rejected: number;
}
const receivers: Receiver[] = Array.from({ length: 4 }, () => ({ verifier: null, ids: new Set(), received: 0, rejected: 0 }));

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
        receiver.ids.add(req.headers['webhook-id'] as string);
        res.writeHead(200).end();
      } catch {
        receiver.rejected++;
        res.writeHead(400).end();
      }
    }),
  ),
);

// POST /reset {secrets: [4]}: forget what arrived and verify with these secrets; GET /count: what arrived.
const control = await listen(async (req, res) => {
  const body = await readBody(req);
  if (req.method === 'POST') {
    const { secrets } = JSON.parse(body) as { secrets: string[] };
    receivers.forEach((receiver, i) =>
      Object.assign(receiver, { verifier: new Webhook(secrets[i]), ids: new Set(), received: 0, rejected: 0 }),
    );
  }
  res
    .writeHead(200, { 'content-type': 'application/json' })
    .end(JSON.stringify(receivers.map(({ ids, received, rejected }) => ({ unique: ids.size, received, rejected }))));
});
process.stderr.write(`ready ${control} ${ports.join(' ')}\n`);
process.once('SIGTERM', () => process.exit(0));
