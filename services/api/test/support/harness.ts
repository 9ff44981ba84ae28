import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createKupaClient, type KupaClient } from '@kupa/sdk';
import { CreateAccount } from '../../src/modules/accounts/application/create-account';
import { IssueApiKey } from '../../src/modules/accounts/application/issue-api-key';
import { loadConfig } from '../../src/main/config';
import { createServices, type Services } from '../../src/main/container';
import { createHttpServer } from '../../src/platform/http/http-server';
import { createApiApp } from '../../src/main/http';
import { startWorker } from '../../src/main/worker';
import { EVENTS } from '../../src/modules/events/events.tokens';
import type { DnsResolver } from '../../src/modules/events/application/ports/webhook-transport';
import type { Clock } from '../../src/shared/domain/clock';
import { contractCheck } from './contract';
import { freshDatabase } from './database';

export interface TestAccount {
  id: string;
  testKey: string;
  liveKey: string;
}

export interface TestApp {
  baseUrl: string;
  databaseUrl: string;
  services: Services;
  /** An SDK client whose every response is checked against openapi.yaml. */
  client(apiKey?: string): KupaClient;
  createAccount(name?: string, options?: { walletsEnabled?: boolean }): Promise<TestAccount>;
  issueKey(accountId: string, options: { livemode: boolean; scope: 'full' | 'checkout'; rotate?: boolean }): Promise<string>;
  close(): Promise<void>;
}

/** Tests that are not about rate limits send bursts no merchant would; test/rate-limits.test.ts sets its own. */
const UNLIMITED = { RATE_LIMIT_PER_SECOND: '1000000', RATE_LIMIT_BURST: '1000000', PUBLIC_RATE_LIMIT_PER_MINUTE: '60000000' };

/** The master key of test processes: secrets sealed in one test app open in another on the same database. */
export const TEST_MASTER_KEY = Buffer.alloc(32, 42).toString('base64');

/** The card fingerprint key of test processes (production takes its own from the environment). */
export const TEST_FINGERPRINT_SECRET = 'test-only-fingerprint-secret-0123456789';

/** A fresh database copied from the migrated template, and the API on a real port. */
export interface TestAppOptions {
  /** Collects the service's log lines. */
  logs?: string[];
  /** Extra environment for the configuration (e.g. short webhook retry spacing). */
  env?: Record<string, string>;
  /** Runs the worker role in the same process. */
  worker?: boolean;
  /** Answers DNS for these names instead of the system resolver. */
  dns?: Map<string, string[]>;
  /** The service's clock, for tests that move time. */
  clock?: Clock;
}

/** The system time, shifted by whatever the test advanced it. */
export class MovableClock implements Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export async function startTestApp(existingDatabaseUrl?: string, options: TestAppOptions = {}): Promise<TestApp> {
  const databaseUrl = existingDatabaseUrl ?? (await freshDatabase());
  const logLevel = options.logs ? 'trace' : (process.env.TEST_LOG_LEVEL ?? 'silent');
  const config = loadConfig({
    LOG_LEVEL: logLevel,
    DATA_DIR: '/nonexistent',
    CARD_FINGERPRINT_SECRET: TEST_FINGERPRINT_SECRET,
    MASTER_KEY: TEST_MASTER_KEY,
    ...UNLIMITED,
    ...options.env,
  });
  const logDestination = options.logs && { write: (line: string) => void options.logs!.push(line) };
  const dns = options.dns;
  const services = await createServices(config, databaseUrl, {
    worker: options.worker ?? false,
    clock: options.clock,
    logDestination,
    configure:
      dns &&
      ((container) => {
        container.rebind<DnsResolver>(EVENTS.DnsResolver).toConstantValue({
          resolve: async (hostname: string) => {
            const answer = dns.get(hostname);
            if (!answer) throw Object.assign(new Error(`test DNS has no answer for ${hostname}`), { code: 'ENOTFOUND' });
            return answer;
          },
        });
      }),
  });
  const worker = options.worker ? await startWorker(services) : undefined;
  const server: Server = await new Promise((resolve) => {
    const s = createHttpServer(createApiApp(services), config).listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    databaseUrl,
    services,
    // Tests look at each answer as it came: no retries.
    client: (apiKey) => createKupaClient({ baseUrl, apiKey, middleware: [contractCheck], maxRetries: 0 }),
    async createAccount(accountName = 'Test merchant', options = {}) {
      const { account, apiKeys } = await services.inContext(() =>
        services.container.get(CreateAccount).execute({ name: accountName, walletsEnabled: options.walletsEnabled }),
      );
      return { id: account.id, testKey: apiKeys.test, liveKey: apiKeys.live };
    },
    async issueKey(accountId, options) {
      const { secret } = await services.inContext(() =>
        services.container
          .get(IssueApiKey)
          .execute({ accountId, livemode: options.livemode, scope: options.scope, revokeOthers: options.rotate ?? false }),
      );
      return secret;
    },
    async close() {
      await worker?.stop();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await services.close();
    },
  };
}
