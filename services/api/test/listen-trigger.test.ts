import { type ChildProcessWithoutNullStreams, execFile, spawn } from 'node:child_process';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { verifyWebhook } from '@kupa/sdk';
import { freePort } from '../src/main/database';
import { EVENT_TYPES } from '../src/modules/events/domain/event-types';
import { chargeData, recordEvent } from './support/events';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';
import { Receiver, waitFor } from './support/receiver';

const run = promisify(execFile);
let app: TestApp;
let merchant: TestAccount;
let hook: Receiver;

/** A TCP relay in front of the API that can drop every connection and refuse new ones for a while. */
class Relay {
  private server!: Server;
  private sockets = new Set<Socket>();
  port = 0;

  constructor(private readonly target: number) {}

  async open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.target, '127.0.0.1');
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as { port: number }).port;
  }

  async cut(): Promise<void> {
    await new Promise((resolve) => {
      this.server.close(resolve);
      for (const socket of this.sockets) socket.destroy();
    });
  }
}

class Listener {
  lines: string[] = [];
  secret = '';
  exited: Promise<number | null>;

  constructor(readonly child: ChildProcessWithoutNullStreams) {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => this.lines.push(...chunk.split('\n').filter(Boolean)));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => this.lines.push(...chunk.split('\n').filter(Boolean)));
    this.exited = new Promise((resolve) => child.on('exit', resolve));
  }

  static async start(key: string, apiBase: string, forwardTo: string, ...extra: string[]): Promise<Listener> {
    const child = spawn(process.execPath, [inject('cli').sdk, 'listen', '--forward-to', forwardTo, '--api-base', apiBase, ...extra], {
      env: { ...process.env, KUPA_API_KEY: key },
    });
    const listener = new Listener(child);
    const ready = await waitFor('listen to be ready', () =>
      listener.lines.find((line) => line.startsWith('Ready! Your webhook signing secret is ')),
    );
    listener.secret = ready.split(' ')[6];
    return listener;
  }

  async stop(): Promise<number | null> {
    this.child.kill('SIGINT');
    return this.exited;
  }
}

async function kupa(...args: string[]) {
  try {
    const { stdout } = await run(process.execPath, [inject('cli').sdk, ...args, '--api-base', app.baseUrl], {
      env: { ...process.env, KUPA_API_KEY: merchant.testKey },
    });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout + e.stderr };
  }
}

beforeAll(async () => {
  // The worker too: an allocation number's document.updated comes from a job.
  app = await startTestApp(undefined, { worker: true, env: { JOB_POLL_INTERVAL_MS: '50' } });
  merchant = await app.createAccount('Listening Shop');
  hook = await Receiver.start();
});
afterAll(async () => {
  await app.close();
  await hook.close();
});

/** The events only live mode causes (test/tax-authority.test.ts has them). */
const LIVE_ONLY: string[] = ['tax_authority_connection.updated'];

const delivered = (id: string) => hook.requests.filter((request) => JSON.parse(request.raw.toString()).id === id);

describe('pnpm cli listen and trigger', () => {
  it('listen forwards each new event signed with the secret it printed; trigger causes every event type in the contract', async () => {
    const listener = await Listener.start(merchant.testKey, app.baseUrl, `${hook.url}/webhooks`);
    expect(listener.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    try {
      for (const type of EVENT_TYPES) {
        const result = await kupa('trigger', type);
        if (LIVE_ONLY.includes(type)) {
          // Test mode has no connection to the Tax Authority to lose: the command says where to see it.
          expect(result.code).toBe(2);
          expect(result.stdout).toContain(`${type} happens in live mode only: to see it, connect a live account to the Tax Authority twin`);
          continue;
        }
        expect(result.code, result.stdout).toBe(0);
        const eventId = result.stdout.match(new RegExp(`Triggered ${type.replace('.', '\\.')}: (evt_\\w+)`))?.[1];
        expect(eventId, result.stdout).toBeDefined();
        expect(result.stdout).toMatch(/created /);

        const [request] = await waitFor(`${type} to be forwarded`, () => delivered(eventId!).length > 0 && delivered(eventId!));
        expect(request.path).toBe('/webhooks');
        const event = verifyWebhook(request.raw, request.headers, listener.secret);
        expect(event).toMatchObject({ id: eventId, type, livemode: false });
        expect(() => verifyWebhook(request.raw, request.headers, `whsec_${Buffer.alloc(32).toString('base64')}`)).toThrow(/signature/i);
        await waitFor(`the ${type} line`, () =>
          listener.lines.some((line) => line.includes(`--> ${type} [${eventId}]`) && line.includes('<-- [200]')),
        );
      }
      // Each event once: nothing forwarded twice.
      const ids = hook.events().map((event) => event.id);
      expect(new Set(ids).size).toBe(ids.length);
    } finally {
      expect(await listener.stop()).toBe(0);
    }
    expect(listener.lines).toContain('Stopped.');
  });

  it('forwards only the --events asked for, and keeps every event across a lost connection to the API', async () => {
    const shop = await app.createAccount('Flaky Network Shop');
    const scope = { accountId: shop.id, livemode: false };
    const relay = new Relay(Number(new URL(app.baseUrl).port));
    await relay.open();
    const receiver = await Receiver.start();
    const listener = await Listener.start(
      shop.testKey,
      `http://127.0.0.1:${relay.port}`,
      `${receiver.url}/hook`,
      '--events',
      'charge.succeeded,charge.refunded',
    );
    try {
      const before = await recordEvent(app, scope, 'charge.succeeded');
      await waitFor('the first event', () => receiver.events().some((event) => event.id === before.id));

      await relay.cut();
      const during = [];
      for (let i = 0; i < 5; i++) during.push(await recordEvent(app, scope, i % 2 ? 'charge.refunded' : 'charge.succeeded'));
      const skipped = await recordEvent(app, scope, 'charge.failed', chargeData({ status: 'failed' }));
      await waitFor('listen to notice', () => listener.lines.some((line) => line.includes('lost the connection to the API')));
      await relay.open();

      const after = await recordEvent(app, scope, 'charge.succeeded');
      const expected = [before, ...during, after].map((event) => event.id);
      await waitFor('every event', () => expected.every((id) => receiver.events().some((event) => event.id === id)));
      expect(receiver.events().map((event) => event.id)).toEqual(expected);
      expect(receiver.events().map((event) => event.id)).not.toContain(skipped.id);
      expect(listener.lines.some((line) => line.includes('reconnected'))).toBe(true);
    } finally {
      await listener.stop();
      await receiver.close();
      await relay.cut();
    }
  });

  it('explains a missing key, an unreachable API, an unknown event type and a live key for trigger', async () => {
    const noKey = await run(process.execPath, [inject('cli').sdk, 'listen', '--forward-to', 'http://localhost:1/x'], {
      env: { ...process.env, KUPA_API_KEY: '' },
    }).catch((e) => e);
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('No API key');

    const closed = `http://127.0.0.1:${await freePort()}`;
    const unreachable = await run(process.execPath, [
      inject('cli').sdk,
      'listen',
      '--forward-to',
      'http://localhost:1/x',
      '--api-base',
      closed,
      '--api-key',
      merchant.testKey,
    ]).catch((e) => e);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain(`Cannot reach the API at ${closed} (ECONNREFUSED)`);

    const unknown = await kupa('trigger', 'charge.exploded');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toContain("Unknown event type 'charge.exploded'");

    const live = await run(process.execPath, [
      inject('cli').sdk,
      'trigger',
      'charge.succeeded',
      '--api-base',
      app.baseUrl,
      '--api-key',
      merchant.liveKey,
    ]).catch((e) => e);
    expect(live.code).toBe(2);
    expect(live.stderr).toContain('test-mode secret key');

    const refused = await run(process.execPath, [
      inject('cli').sdk,
      'listen',
      '--forward-to',
      'http://localhost:1/x',
      '--api-base',
      app.baseUrl,
      '--api-key',
      'sk_test_nope',
    ]).catch((e) => e);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/Failed: .*(key|Invalid)/i);
  });
});
