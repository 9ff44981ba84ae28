import { resolve } from 'node:path';
import { REPO_ROOT } from '../platform/repo-root';

export type Role = 'api' | 'checkout' | 'worker';
export const ROLES: readonly Role[] = ['api', 'checkout', 'worker'];

export interface Config {
  port: number;
  checkoutPort: number;
  /** Where /health, /ready and /metrics answer for every role; null when METRICS_PORT=off. */
  metricsPort: number | null;
  publicBaseUrl: string;
  checkoutHostUrl: string;
  /** Unset: an embedded PostgreSQL is started under `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  embeddedPgPort?: number;
  smtpUrl?: string;
  /** Document PDFs a worker prints at once (each a Chromium page). */
  pdfConcurrency: number;
  /** The Chromium that prints them; unset: Debian's `/usr/bin/chromium`, else the one `pnpm install` brings. */
  chromiumPath?: string;
  logLevel: string;
  webhooksAllowLoopback: boolean;
  /** Delays before the 3 retries of a failed webhook delivery (±20 % jitter). */
  webhookRetryScheduleMs: number[];
  webhookTimeoutMs: number;
  /** How long a client may take to send a whole request (headers and body) before it is answered 408. */
  requestTimeoutMs: number;
  /** On SIGTERM or SIGINT: how long answers in flight and jobs being worked may take to finish. */
  shutdownGraceMs: number;
  /** How often an idle worker looks for jobs. */
  jobPollIntervalMs: number;
  /** How often an idle worker looks for webhook deliveries: a merchant fulfils orders from them, so sooner. */
  webhookPollIntervalMs: number;
  /** How long a job may stay claimed by a worker that went silent before another worker takes it. */
  jobExpireSeconds: number;
  jobMaintenanceIntervalSeconds: number;
  /** A payment attempt pending this long is taken to be orphaned by a crash and is finished by the next caller. */
  paymentAttemptStaleMs: number;
  /** How long the test-mode processor takes to answer each call, as a real one's network would. */
  simulatedProcessorLatencyMs: number;
  /** Requests a second per account and mode, and how many may come at once (a token bucket). */
  rateLimit: { perSecond: number; burst: number };
  /** Requests a minute per client address on the public (checkout page) endpoints. */
  publicRateLimitPerMinute: number;
  /** Express's `trust proxy`: which proxies' `X-Forwarded-For` names the client (unset: none). */
  trustProxy?: string | number;
  /** Crash points for recovery tests; never honoured with NODE_ENV=production. */
  testFaults: Set<string>;
  /**
   * The key of card fingerprints (an HMAC of the card number): required in production; elsewhere, when
   * unset, one is generated into `dataDir` on first start and kept there.
   */
  cardFingerprintSecret?: string;
  /**
   * `MASTER_KEY`: 32 bytes, base64, the key every account's data key is wrapped by; required in
   * production; elsewhere, when unset, generated into `dataDir`. `MASTER_KEY_PREVIOUS`: keys (comma
   * separated) still read while `pnpm cli secrets rotate-master` re-wraps what they wrapped.
   */
  masterKey?: Buffer;
  previousMasterKeys: Buffer[];
  /** The live processors' API addresses and how long a call may go unanswered. */
  processors: { tranzilaApiUrl: string; tranzilaReportUrl: string; tranzilaHostedFieldsUrl: string; timeoutMs: number };
  /**
   * The Tax Authority's Israel Invoices API, for live allocation numbers: its OAuth and API addresses,
   * Kupa's app there (client id and secret), and Kupa's software registration number; live documents wait
   * `pending` while any of the last three is missing.
   */
  taxAuthority: {
    authUrl: string;
    apiUrl: string;
    clientId: string | null;
    clientSecret: string | null;
    softwareNumber: string | null;
    timeoutMs: number;
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads and validates the environment; every problem is reported at once, by variable name. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];

  const port = (name: string, fallback?: number): number | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > 65535) {
      problems.push(`${name} must be a port number between 0 and 65535, got '${raw}'`);
      return fallback;
    }
    return value;
  };
  const url = (name: string, protocols: string[], fallback?: string): string | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    try {
      const parsed = new URL(raw);
      if (!protocols.includes(parsed.protocol)) throw new Error();
      return raw.replace(/\/+$/, '');
    } catch {
      problems.push(`${name} must be a ${protocols.map((p) => p.replace(':', '')).join(' or ')} URL, got '${raw}'`);
      return fallback;
    }
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (raw === 'true' || raw === '1') return true;
    if (raw === 'false' || raw === '0') return false;
    problems.push(`${name} must be true or false, got '${raw}'`);
    return fallback;
  };

  const integer = (name: string, fallback: number, min: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isSafeInteger(value) || value < min) {
      problems.push(`${name} must be an integer of at least ${min}, got '${raw}'`);
      return fallback;
    }
    return value;
  };
  const schedule = (name: string, fallback: number[]): number[] => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const values = raw.split(',').map((part) => Number(part.trim()));
    if (values.length !== 3 || values.some((value) => !Number.isSafeInteger(value) || value < 0)) {
      problems.push(`${name} must be three comma-separated delays in milliseconds, got '${raw}'`);
      return fallback;
    }
    return values;
  };

  const secret = (name: string, required: boolean): string | undefined => {
    const raw = env[name];
    if (raw === undefined || raw === '') {
      if (required)
        problems.push(
          `${name} is required in production: 32 or more random characters (e.g. \`openssl rand -base64 48\`), the same for every process`,
        );
      return undefined;
    }
    if (raw.length < 32) problems.push(`${name} must be at least 32 characters long`);
    return raw;
  };

  const masterKey = (name: string, raw: string | undefined): Buffer | undefined => {
    if (raw === undefined || raw.trim() === '') return undefined;
    const key = Buffer.from(raw.trim(), 'base64');
    if (key.length !== 32 || !/^[A-Za-z0-9+/]+=*$/.test(raw.trim())) {
      problems.push(`${name} must be 32 random bytes in base64 (e.g. \`openssl rand -base64 32\`)`);
      return undefined;
    }
    return key;
  };
  const currentMasterKey = masterKey('MASTER_KEY', env.MASTER_KEY);
  if (!currentMasterKey && env.NODE_ENV === 'production' && !env.MASTER_KEY)
    problems.push(
      'MASTER_KEY is required in production: 32 random bytes in base64 (e.g. `openssl rand -base64 32`), the same for every process',
    );
  const tranzilaApiUrl = url('TRANZILA_API_URL', ['http:', 'https:']);

  const apiPort = port('PORT', 3000)!;
  const checkoutPort = port('CHECKOUT_PORT', 3001)!;
  const metricsPort = env.METRICS_PORT === 'off' ? null : port('METRICS_PORT', 9464)!;
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got '${logLevel}'`);

  const config: Config = {
    port: apiPort,
    checkoutPort,
    metricsPort,
    publicBaseUrl: url('PUBLIC_BASE_URL', ['http:', 'https:'], `http://localhost:${apiPort}`)!,
    checkoutHostUrl: url('CHECKOUT_HOST_URL', ['http:', 'https:'], `http://localhost:${checkoutPort}`)!,
    databaseUrl: url('DATABASE_URL', ['postgres:', 'postgresql:']),
    dataDir: env.DATA_DIR ? resolve(env.INIT_CWD ?? process.cwd(), env.DATA_DIR) : resolve(REPO_ROOT, '.data'),
    embeddedPgPort: port('EMBEDDED_PG_PORT'),
    smtpUrl: url('SMTP_URL', ['smtp:', 'smtps:']),
    pdfConcurrency: integer('PDF_CONCURRENCY', 2, 1),
    chromiumPath: env.CHROMIUM_PATH || undefined,
    logLevel,
    webhooksAllowLoopback: bool('WEBHOOKS_ALLOW_LOOPBACK', env.NODE_ENV !== 'production'),
    webhookRetryScheduleMs: schedule('WEBHOOK_RETRY_SCHEDULE_MS', [5_000, 300_000, 1_800_000]),
    webhookTimeoutMs: integer('WEBHOOK_TIMEOUT_MS', 15_000, 1),
    requestTimeoutMs: integer('REQUEST_TIMEOUT_MS', 30_000, 1),
    shutdownGraceMs: integer('SHUTDOWN_GRACE_MS', 25_000, 0),
    jobPollIntervalMs: integer('JOB_POLL_INTERVAL_MS', 1_000, 10),
    webhookPollIntervalMs: integer('WEBHOOK_POLL_INTERVAL_MS', 50, 10),
    jobExpireSeconds: integer('JOB_EXPIRE_SECONDS', 60, 1),
    jobMaintenanceIntervalSeconds: integer('JOB_MAINTENANCE_INTERVAL_SECONDS', 60, 1),
    paymentAttemptStaleMs: integer('PAYMENT_ATTEMPT_STALE_MS', 10_000, 0),
    simulatedProcessorLatencyMs: integer('SIMULATED_PROCESSOR_LATENCY_MS', 0, 0),
    rateLimit: { perSecond: integer('RATE_LIMIT_PER_SECOND', 100, 1), burst: integer('RATE_LIMIT_BURST', 200, 1) },
    publicRateLimitPerMinute: integer('PUBLIC_RATE_LIMIT_PER_MINUTE', 600, 1),
    trustProxy: env.TRUST_PROXY ? (/^\d+$/.test(env.TRUST_PROXY) ? Number(env.TRUST_PROXY) : env.TRUST_PROXY) : undefined,
    cardFingerprintSecret: secret('CARD_FINGERPRINT_SECRET', env.NODE_ENV === 'production'),
    masterKey: currentMasterKey,
    previousMasterKeys: (env.MASTER_KEY_PREVIOUS ?? '')
      .split(',')
      .filter((raw) => raw.trim())
      .map((raw) => masterKey('MASTER_KEY_PREVIOUS', raw))
      .filter((key): key is Buffer => key !== undefined),
    processors: {
      tranzilaApiUrl: tranzilaApiUrl ?? 'https://api.tranzila.com',
      // A twin (TRANZILA_API_URL) serves the search too; Tranzila itself answers it on its report host.
      tranzilaReportUrl: url('TRANZILA_REPORT_URL', ['http:', 'https:']) ?? tranzilaApiUrl ?? 'https://report.tranzila.com',
      // A twin serves a stand-in of the hosted fields' script too.
      tranzilaHostedFieldsUrl:
        url('TRANZILA_HOSTED_FIELDS_URL', ['http:', 'https:']) ??
        (tranzilaApiUrl ? new URL('/hosted-fields/thostedf.js', tranzilaApiUrl).href : 'https://hf.tranzila.com/assets/js/thostedf.js'),
      timeoutMs: integer('PROCESSOR_TIMEOUT_MS', 30_000, 1),
    },
    taxAuthority: {
      authUrl: url('TAX_AUTHORITY_AUTH_URL', ['http:', 'https:']) ?? 'https://openapi.taxes.gov.il/shaam/production',
      apiUrl: url('TAX_AUTHORITY_API_URL', ['http:', 'https:']) ?? 'https://ita-api.taxes.gov.il/shaam/production',
      clientId: env.TAX_AUTHORITY_CLIENT_ID?.trim() || null,
      clientSecret: env.TAX_AUTHORITY_CLIENT_SECRET?.trim() || null,
      softwareNumber: env.SOFTWARE_REGISTRATION_NUMBER?.trim() || null,
      timeoutMs: integer('TAX_AUTHORITY_TIMEOUT_MS', 20_000, 1),
    },
    testFaults: new Set(
      env.NODE_ENV === 'production'
        ? []
        : (env.TEST_FAULTS ?? '')
            .split(',')
            .map((f) => f.trim())
            .filter(Boolean),
    ),
  };
  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}
