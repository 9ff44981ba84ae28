import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a laptop', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      checkoutPort: 3001,
      publicBaseUrl: 'http://localhost:3000',
      checkoutHostUrl: 'http://localhost:3001',
      logLevel: 'info',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\.data$/);
  });

  it('reports every bad variable by name at once', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', PUBLIC_BASE_URL: 'ftp://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'PUBLIC_BASE_URL']) expect(problems).toContain(name);
  });

  it('takes a DATABASE_URL and trims trailing slashes of public URLs', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/kupa', PUBLIC_BASE_URL: 'https://api.kupa.example/' });
    expect(config.databaseUrl).toBe('postgres://u:p@db:5432/kupa');
    expect(config.publicBaseUrl).toBe('https://api.kupa.example');
  });

  it('requires a card fingerprint secret in production, and a long one whenever it is set', () => {
    expect(problems({ NODE_ENV: 'production' })).toMatch(/CARD_FINGERPRINT_SECRET is required in production/);
    expect(problems({ CARD_FINGERPRINT_SECRET: 'short' })).toMatch(/CARD_FINGERPRINT_SECRET must be at least 32 characters/);
    expect(problems({ CARD_FINGERPRINT_SECRET: 'short' })).not.toContain('short');
    expect(loadConfig({ NODE_ENV: 'production', CARD_FINGERPRINT_SECRET: 's'.repeat(40), MASTER_KEY: KEY }).cardFingerprintSecret).toBe(
      's'.repeat(40),
    );
    expect(loadConfig({}).cardFingerprintSecret).toBeUndefined();
  });

  it('requires a 32-byte master key in production, reads previous ones for rotation, and never echoes one', () => {
    expect(problems({ NODE_ENV: 'production', CARD_FINGERPRINT_SECRET: 's'.repeat(40) })).toMatch(/MASTER_KEY is required in production/);
    const short = Buffer.alloc(16, 7).toString('base64');
    expect(problems({ MASTER_KEY: short })).toMatch(/MASTER_KEY must be 32 random bytes in base64/);
    expect(problems({ MASTER_KEY: short })).not.toContain(short);
    const config = loadConfig({ MASTER_KEY: KEY, MASTER_KEY_PREVIOUS: `${OLD},${OLDER}` });
    expect(config.masterKey?.equals(Buffer.from(KEY, 'base64'))).toBe(true);
    expect(config.previousMasterKeys.map((key) => key.toString('base64'))).toEqual([OLD, OLDER]);
    expect(loadConfig({}).masterKey).toBeUndefined();
  });

  it('points the Tranzila connector at a twin with one variable, and at Tranzila by default', () => {
    expect(loadConfig({}).processors).toEqual({
      tranzilaApiUrl: 'https://api.tranzila.com',
      tranzilaReportUrl: 'https://report.tranzila.com',
      tranzilaHostedFieldsUrl: 'https://hf.tranzila.com/assets/js/thostedf.js',
      timeoutMs: 30_000,
    });
    expect(loadConfig({ TRANZILA_API_URL: 'http://127.0.0.1:4010/' }).processors).toMatchObject({
      tranzilaApiUrl: 'http://127.0.0.1:4010',
      tranzilaReportUrl: 'http://127.0.0.1:4010',
      tranzilaHostedFieldsUrl: 'http://127.0.0.1:4010/hosted-fields/thostedf.js',
    });
  });
});

const KEY = Buffer.alloc(32, 1).toString('base64');
const OLD = Buffer.alloc(32, 2).toString('base64');
const OLDER = Buffer.alloc(32, 3).toString('base64');

function problems(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
    return '';
  } catch (error) {
    return (error as ConfigError).problems.join('\n');
  }
}
