import type { IncomingMessage, RequestListener, Server, ServerResponse } from 'node:http';
import { DomainError } from '../../shared/domain/domain-error';
import { randomBase62 } from '../../shared/domain/ids';
import { errorBody } from './error-mapper';

/**
 * A graceful stop for a process's HTTP servers. Once `drain` begins, every request already being
 * answered runs to its end (its answer says `Connection: close`), while a new one, on a new or a
 * kept-alive connection, is answered 503 `shutting_down` with `Retry-After` and its connection closed,
 * so a client or load balancer sends it to another process with nothing done here. When the last
 * answer is sent, or the grace period is over, the servers close and whatever is left is cut.
 */
export class Drain {
  private readonly inFlight = new Set<ServerResponse>();
  private draining = false;
  private idle: (() => void) | undefined;

  /** `app`, behind the drain: counted while it answers, refused once the drain began. */
  wrap(app: RequestListener): RequestListener {
    return (req: IncomingMessage, res: ServerResponse) => {
      // A refusal is counted too: the servers close only once it is sent.
      this.inFlight.add(res);
      res.once('close', () => {
        this.inFlight.delete(res);
        if (this.inFlight.size === 0) this.idle?.();
      });
      if (this.draining) refuse(res);
      else app(req, res);
    };
  }

  get active(): boolean {
    return this.draining;
  }

  /** Stops `servers`: waits for the answers in flight, at most `graceMs`, then closes every connection. */
  async drain(servers: Server[], graceMs: number): Promise<void> {
    const deadline = Date.now() + graceMs;
    this.draining = true;
    for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    await this.settled(deadline);
    // No new connection from here; the ones just taken get their refusal before everything is cut.
    const closed = Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    await this.settled(deadline);
    for (const server of servers) server.closeAllConnections();
    await closed;
  }

  /** Once no answer is in flight, or at `deadline`. */
  private async settled(deadline: number): Promise<void> {
    if (this.inFlight.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    await new Promise<void>((resolve) => {
      this.idle = resolve;
      timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
    });
    clearTimeout(timer);
  }
}

function refuse(res: ServerResponse): void {
  const { status, envelope } = errorBody(
    new DomainError('shutting_down', 'This server is restarting: send the request again, and another will answer it'),
  );
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Request-Id': `req_${randomBase62(20)}`,
    'Retry-After': '1',
    Connection: 'close',
  });
  res.end(JSON.stringify(envelope));
}
