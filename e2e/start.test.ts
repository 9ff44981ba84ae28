import { existsSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createKupaClient } from '@kupa/sdk';
import { freePort, pnpmStart, type RunningService, tempDataDir } from './support/service';

const dataDir = tempDataDir();
const running: RunningService[] = [];

afterAll(async () => {
  for (const service of running) await service.interrupt();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Resolves once the process has exited, even if it already had. */
function exited(service: RunningService): Promise<void> {
  return new Promise((resolve) => {
    if (service.process.exitCode !== null || service.process.signalCode !== null) resolve();
    else service.process.once('exit', () => resolve());
  });
}

async function start() {
  const port = await freePort();
  const checkoutPort = await freePort();
  const service = pnpmStart({ DATA_DIR: dataDir, PORT: String(port), CHECKOUT_PORT: String(checkoutPort), LOG_LEVEL: 'warn' });
  running.push(service);
  const [, key] = await service.waitFor(/Test key:\s+(sk_test_\w+)/);
  await service.waitFor(/Press Ctrl-C to stop/);
  return { service, key, apiUrl: `http://localhost:${port}`, checkoutUrl: `http://localhost:${checkoutPort}` };
}

describe('pnpm start on a fresh data directory', () => {
  let firstKey: string;
  let productId: string;

  it('starts every role on an embedded PostgreSQL and prints a working test key and the URLs', async () => {
    const { service, key, apiUrl, checkoutUrl } = await start();
    firstKey = key;
    const output = service.output();
    expect(output).toContain(`API:           ${apiUrl}`);
    expect(output).toContain(`API docs:      ${apiUrl}/docs`);
    expect(output).toContain(`Checkout host: ${checkoutUrl}`);
    expect(output).toContain('(created now)');
    // pnpm install brings Node.js 22 LTS; pnpm start and pnpm test run on it, whatever Node ran pnpm.
    expect(output).toMatch(/Runtime: {7}Node\.js 22\.\d+\.\d+/);
    expect(process.versions.node).toMatch(/^22\./);
    // The database's password and the card fingerprint key are generated, and readable by their owner only.
    for (const secret of ['postgres.password', 'card-fingerprint.secret'])
      expect(statSync(join(dataDir, secret)).mode & 0o777, secret).toBe(0o600);

    // What a new user tries first: a product, a recurring price with a trial, a customer.
    const kupa = createKupaClient({ baseUrl: apiUrl, apiKey: key });
    const product = await kupa.POST('/v1/products', { body: { name: 'Gym membership' } });
    expect(product.data).toMatchObject({ success: true, data: { object: 'product', name: 'Gym membership', livemode: false } });
    productId = product.data!.data.id;
    const price = await kupa.POST('/v1/prices', {
      body: {
        product: productId,
        unit_amount: 19900,
        currency: 'ils',
        tax_mode: 'inclusive',
        type: 'recurring',
        recurring: { interval: 'month', trial_period_days: 7 },
      },
    });
    expect(price.data).toMatchObject({
      success: true,
      data: { object: 'price', unit_amount: 19900, type: 'recurring', recurring: { interval: 'month', trial_period_days: 7 } },
    });
    const customer = await kupa.POST('/v1/customers', { body: { name: 'Noa', email: 'noa@example.co.il', phone: '052-555-1234' } });
    expect(customer.data).toMatchObject({ success: true, data: { object: 'customer', name: 'Noa', phone: '+972525551234' } });

    expect((await fetch(`${apiUrl}/docs`)).status).toBe(200);
    expect((await fetch(`${checkoutUrl}/checkout/co_x`)).status).toBe(200);

    await service.interrupt();
    expect(service.output()).toContain('Stopped.');
    // Ctrl-C reaches the embedded PostgreSQL too; its connections closing is expected, not an error.
    expect(service.output()).not.toMatch(/"level":(50|60)/);
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
  });

  it('reuses the data and the dev merchant on the next start', async () => {
    const { service, key, apiUrl } = await start();
    expect(key).toBe(firstKey);
    expect(service.output()).not.toContain('(created now)');
    const kupa = createKupaClient({ baseUrl: apiUrl, apiKey: key });
    const product = await kupa.GET('/v1/products/{id}', { params: { path: { id: productId } } });
    expect(product.data?.data.name).toBe('Gym membership');
    await service.interrupt();
    expect(service.output()).toContain('Stopped.');
  });

  it('runs a single role with --role', async () => {
    const port = await freePort();
    const service = pnpmStart({ DATA_DIR: dataDir, PORT: String(port), CHECKOUT_PORT: String(await freePort()), LOG_LEVEL: 'warn' }, [
      '--role',
      'api',
    ]);
    running.push(service);
    await service.waitFor(/Press Ctrl-C to stop/);
    expect(service.output()).toContain('Kupa is running (api).');
    expect(service.output()).not.toContain('Checkout host:');
    expect((await fetch(`http://localhost:${port}/health`)).status).toBe(200);
    await service.interrupt();
    expect(service.output()).toContain('Stopped.');
  });

  it('refuses bad configuration with a clear message', async () => {
    const service = pnpmStart({ DATA_DIR: dataDir, PORT: 'eighty', LOG_LEVEL: 'warn' });
    running.push(service);
    await service.waitFor(/PORT must be a port number/);
    await exited(service);
    expect(service.process.exitCode).not.toBe(0);
  });
});

describe('a start that fails', () => {
  it('on a port already taken says which in one sentence, exits non-zero and stops the embedded PostgreSQL it started', async () => {
    const taken = createServer().listen(0, '0.0.0.0');
    await new Promise((resolve) => taken.once('listening', resolve));
    const port = (taken.address() as { port: number }).port;
    try {
      const service = pnpmStart({ DATA_DIR: dataDir, PORT: String(port), CHECKOUT_PORT: String(await freePort()), LOG_LEVEL: 'warn' });
      running.push(service);
      await service.waitFor(new RegExp(`port ${port} is already in use: stop what is using it, or set PORT to a free port`));
      await exited(service);
      expect(service.process.exitCode).toBe(1);
      expect(service.output()).not.toMatch(/\n\s+at /); // no stack trace
      expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      taken.close();
    }
  });
});
