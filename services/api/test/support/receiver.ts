import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  at: number;
  path: string;
  headers: IncomingHttpHeaders;
  /** The raw bytes, exactly as they arrived. */
  raw: Buffer;
}

type Responder = (request: Received, res: ServerResponse) => void;

/** A webhook receiver on loopback whose answers the test scripts, recording every request it gets. */
export class Receiver {
  readonly requests: Received[] = [];
  private responders: Responder[] = [];
  private fallback: Responder = (_req, res) => res.writeHead(200).end('ok');
  private server!: Server;
  url = '';

  static async start(): Promise<Receiver> {
    const receiver = new Receiver();
    receiver.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const received = { at: Date.now(), path: req.url ?? '', headers: req.headers, raw: Buffer.concat(chunks) };
        receiver.requests.push(received);
        (receiver.responders.shift() ?? receiver.fallback)(received, res);
      });
    });
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}`;
    return receiver;
  }

  /** The next answers, in order; afterwards `always`. */
  answer(...statuses: (number | Responder)[]): this {
    this.responders.push(
      ...statuses.map((s) => (typeof s === 'number' ? (_req: Received, res: ServerResponse) => res.writeHead(s).end() : s)),
    );
    return this;
  }

  always(responder: number | Responder): this {
    this.fallback = typeof responder === 'number' ? (_req, res) => res.writeHead(responder).end() : responder;
    return this;
  }

  events(): { id: string; type: string }[] {
    return this.requests.map((r) => JSON.parse(r.raw.toString('utf8')));
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

export async function waitFor<T>(
  what: string,
  check: () => T | undefined | false | Promise<T | undefined | false>,
  timeoutMs = 15_000,
): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
