import pg from 'pg';
import type { Logger } from 'pino';

type Handler = (payload: string) => void;

/**
 * One dedicated connection that LISTENs for PostgreSQL notifications and reconnects when it drops.
 * While it is down, `live` is false: whoever caches on the strength of these notifications must not
 * trust the cache, since notifications may have been missed; `onReset` runs after each reconnect.
 */
export class PgNotifications {
  private client: pg.Client | undefined;
  private readonly handlers = new Map<string, Handler[]>();
  private readonly resetHandlers: (() => void)[] = [];
  private stopped = false;
  live = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  on(channel: string, handler: Handler): void {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`invalid channel name '${channel}'`);
    this.handlers.set(channel, [...(this.handlers.get(channel) ?? []), handler]);
    // A LISTEN still on its way when the connection ends (the service stopping, or the connection lost,
    // which `dropped` handles by listening again on a new one) has nothing more to do.
    if (this.client && this.live)
      this.client.query(`listen ${channel}`).catch((error: unknown) => {
        if (!this.stopped) this.logger.warn({ err: error }, `listening on ${channel} failed`);
      });
  }

  /** Runs this process's handlers of `channel` now, as a notification from PostgreSQL would (which may come later). */
  notifyHere(channel: string, payload: string): void {
    for (const handler of this.handlers.get(channel) ?? []) handler(payload);
  }

  onReset(handler: () => void): void {
    this.resetHandlers.push(handler);
  }

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      for (const handler of this.handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', (error) => {
      if (this.stopped) this.logger.debug({ err: error }, 'notification connection closed while stopping');
      else this.logger.warn({ err: error }, 'notification connection lost');
      this.dropped(client);
    });
    client.on('end', () => this.dropped(client));
    await client.connect();
    for (const channel of this.handlers.keys()) await client.query(`listen ${channel}`);
    this.client = client;
    this.live = true;
    for (const handler of this.resetHandlers) handler();
  }

  /** The connection may drop from now on without a warning: the service is stopping. */
  beginShutdown(): void {
    this.stopped = true;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.live = false;
    await this.client?.end().catch(() => {});
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client) return;
    this.live = false;
    this.client = undefined;
    if (this.stopped) return;
    const retry = () => {
      if (this.stopped) return;
      this.start().catch(() => setTimeout(retry, 1000));
    };
    setTimeout(retry, 100);
  }
}
