import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for a laptop', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, checkoutPort: 3001, publicBaseUrl: 'http://localhost:3000', checkoutHostUrl: 'http://localhost:3001', logLevel: 'info' });
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
    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
        return '';
      } catch (error) {
        return (error as ConfigError).problems.join('\n');
      }
    };
    expect(problems({ NODE_ENV: 'production' })).toMatch(/CARD_FINGERPRINT_SECRET is required in production/);
    expect(problems({ CARD_FINGERPRINT_SECRET: 'short' })).toMatch(/CARD_FINGERPRINT_SECRET must be at least 32 characters/);
    expect(problems({ CARD_FINGERPRINT_SECRET: 'short' })).not.toContain('short');
    expect(loadConfig({ NODE_ENV: 'production', CARD_FINGERPRINT_SECRET: 's'.repeat(40) }).cardFingerprintSecret).toBe('s'.repeat(40));
    expect(loadConfig({}).cardFingerprintSecret).toBeUndefined();
  });
});
