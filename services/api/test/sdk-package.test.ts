import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from './support/events';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';
import { Receiver, waitFor } from './support/receiver';

// The SDK as a merchant gets it: packed, installed with npm into a project outside the workspace, used
// from ESM, CommonJS and TypeScript (nodenext) against a running service.
const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const TSC = join(REPO, 'node_modules', 'typescript', 'bin', 'tsc');

let app: TestApp;
let merchant: TestAccount;
let key: string;
let shop: string;
let hook: Receiver;
let secret: string;

beforeAll(async () => {
  app = await startTestApp(undefined, { worker: true, env: { WEBHOOK_RETRY_SCHEDULE_MS: '20,20,20', JOB_POLL_INTERVAL_MS: '20' } });
  merchant = await app.createAccount('Packaged shop');
  key = merchant.testKey;
  hook = await Receiver.start();
  secret = (await app.client(key).POST('/v1/webhooks', { body: { url: hook.url, events: ['charge.succeeded'] } })).data!.data.secret!;

  const packed = mkdtempSync(join(tmpdir(), 'kupa-sdk-pack-'));
  await run('pnpm', ['--filter', '@kupa/sdk', 'pack', '--pack-destination', packed], { cwd: REPO });
  const tarball = join(
    packed,
    readdirSync(packed).find((name) => name.endsWith('.tgz'))!,
  );
  shop = mkdtempSync(join(tmpdir(), 'kupa-merchant-'));
  writeFileSync(join(shop, 'package.json'), JSON.stringify({ name: 'merchant-shop', private: true, version: '1.0.0' }));
  await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', tarball], { cwd: shop });
}, 180_000);
afterAll(async () => {
  await hook?.close();
  await app?.close();
  if (shop) rmSync(shop, { recursive: true, force: true });
});

const node = (file: string, env: Record<string, string> = {}) =>
  run(process.execPath, [file], { cwd: shop, env: { ...process.env, BASE: app.baseUrl, KEY: key, ...env } });

describe('the SDK package, installed with npm outside the workspace', () => {
  it('creates a customer from an ES module', async () => {
    writeFileSync(
      join(shop, 'esm.mjs'),
      `
      import { createKupaClient } from '@kupa/sdk';
      const kupa = createKupaClient({ baseUrl: process.env.BASE, apiKey: process.env.KEY });
      const { data, error } = await kupa.POST('/v1/customers', { body: { name: 'From ESM' } });
      if (error) throw new Error(JSON.stringify(error));
      console.log(JSON.stringify(data.data));
    `,
    );
    const { stdout } = await node('esm.mjs');
    expect(JSON.parse(stdout)).toMatchObject({ object: 'customer', name: 'From ESM' });
  });

  it('creates a customer from CommonJS', async () => {
    writeFileSync(
      join(shop, 'cjs.cjs'),
      `
      const { createKupaClient } = require('@kupa/sdk');
      const kupa = createKupaClient({ baseUrl: process.env.BASE, apiKey: process.env.KEY });
      kupa.POST('/v1/customers', { body: { name: 'From CommonJS' } }).then(({ data, error }) => {
        if (error) throw new Error(JSON.stringify(error));
        console.log(JSON.stringify(data.data));
      });
    `,
    );
    const { stdout } = await node('cjs.cjs');
    expect(JSON.parse(stdout)).toMatchObject({ object: 'customer', name: 'From CommonJS' });
  });

  it('checks a card number and an Israeli ID with the rules the checkout page uses, from ESM and CommonJS', async () => {
    writeFileSync(
      join(shop, 'checks.mjs'),
      `import { checkCardNumber, israeliIdValid } from '@kupa/sdk/card-checks';
      console.log(JSON.stringify([checkCardNumber('4242424242424242'), checkCardNumber('12345679'), israeliIdValid('516179157')]));`,
    );
    writeFileSync(
      join(shop, 'checks.cjs'),
      `const { luhnValid, cvcValid } = require('@kupa/sdk/card-checks');
      console.log(JSON.stringify([luhnValid('4242424242424241'), cvcValid('1234', 'amex')]));`,
    );
    expect(JSON.parse((await node('checks.mjs')).stdout)).toEqual([
      { brand: 'visa', valid: true },
      { brand: 'isracard', valid: true },
      true,
    ]);
    expect(JSON.parse((await node('checks.cjs')).stdout)).toEqual([false, true]);
  });

  it('type-checks with TypeScript (nodenext and bundler resolution): a correct call compiles, a misspelt body field does not', async () => {
    const tsc = (file: string) =>
      run(
        process.execPath,
        [
          TSC,
          '--module',
          'nodenext',
          '--moduleResolution',
          'nodenext',
          '--target',
          'es2022',
          '--lib',
          'es2022,dom',
          '--strict',
          '--noEmit',
          '--skipLibCheck',
          'false',
          file,
        ],
        { cwd: shop },
      );
    writeFileSync(
      join(shop, 'good.mts'),
      `
      import { createKupaClient, kupaWebhookHandler, type Schemas } from '@kupa/sdk';
      const kupa = createKupaClient({ baseUrl: 'http://localhost:3000', apiKey: 'sk_test_x' });
      export async function customer(): Promise<Schemas['Customer'] | undefined> {
        const { data } = await kupa.POST('/v1/customers', { body: { name: 'Typed', email: 'typed@example.co.il' } });
        return data?.data;
      }
      // Events narrow by type; the handler's types need no @types/node in the merchant's project.
      export const hook = kupaWebhookHandler('whsec_x', (event) => (event.type === 'charge.succeeded' ? event.data.amount : null));
    `,
    );
    await tsc('good.mts');
    // A bundler's resolution (Vite, webpack, esbuild) reads the same exports.
    await run(
      process.execPath,
      [
        TSC,
        '--module',
        'esnext',
        '--moduleResolution',
        'bundler',
        '--target',
        'es2022',
        '--lib',
        'es2022,dom',
        '--strict',
        '--noEmit',
        'good.mts',
      ],
      { cwd: shop },
    );
    writeFileSync(
      join(shop, 'bad.mts'),
      `
      import { createKupaClient } from '@kupa/sdk';
      const kupa = createKupaClient({ baseUrl: 'http://localhost:3000' });
      await kupa.POST('/v1/customers', { body: { nmae: 'Typo' } });
    `,
    );
    const failed = await tsc('bad.mts').then(
      () => 'compiled',
      (error: { stdout: string }) => error.stdout,
    );
    expect(failed).toMatch(/'nmae' does not exist/);
  }, 120_000);

  it('verifies a real delivery with verifyWebhook and refuses a tampered one, saying why', async () => {
    await recordEvent(app, { accountId: merchant.id, livemode: false }, 'charge.succeeded');
    const delivery = await waitFor('a delivery', () => hook.requests[0]);
    writeFileSync(join(shop, 'delivery.json'), JSON.stringify({ body: delivery.raw.toString('utf8'), headers: delivery.headers }));
    writeFileSync(
      join(shop, 'verify.mjs'),
      `
      import { readFileSync } from 'node:fs';
      import { verifyWebhook } from '@kupa/sdk';
      const { body, headers } = JSON.parse(readFileSync('delivery.json', 'utf8'));
      const event = verifyWebhook(body, headers, process.env.SECRET);
      console.log(event.type);
      try {
        verifyWebhook(body.replace('"amount":', '"amount":1'), headers, process.env.SECRET);
        console.log('accepted a tampered body');
      } catch (error) {
        console.log(error.name + ': ' + error.message);
      }
    `,
    );
    const { stdout } = await node('verify.mjs', { SECRET: secret });
    const [type, refusal] = stdout.trim().split('\n');
    expect(type).toBe('charge.succeeded');
    expect(refusal).toMatch(/^WebhookVerificationError: .*does not match/);
  });

  it('has an edge entry that needs nothing but fetch and Web Crypto, and verifies the same delivery', async () => {
    const dist = join(shop, 'node_modules', '@kupa', 'sdk', 'dist');
    const files = new Set(['edge.js']);
    for (const file of files) {
      const text = readFileSync(join(dist, file), 'utf8');
      expect(text, file).not.toMatch(/from\s*["'](node:|crypto|buffer)|require\(|\bBuffer\.|\bprocess\./);
      for (const [, imported] of text.matchAll(/from\s*"\.\/([^"]+)"/g)) files.add(imported);
    }
    writeFileSync(
      join(shop, 'verify-edge.mjs'),
      `
      import { readFileSync } from 'node:fs';
      import { verifyWebhookAsync } from '@kupa/sdk/edge';
      const { body, headers } = JSON.parse(readFileSync('delivery.json', 'utf8'));
      console.log((await verifyWebhookAsync(new TextEncoder().encode(body), new Headers(headers), process.env.SECRET)).type);
      await verifyWebhookAsync(body.replace('"amount":', '"amount":1'), headers, process.env.SECRET).catch((error) => console.log(error.name));
    `,
    );
    const { stdout } = await node('verify-edge.mjs', { SECRET: secret });
    expect(stdout.trim().split('\n')).toEqual(['charge.succeeded', 'WebhookVerificationError']);
  });
});
