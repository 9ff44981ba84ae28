import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const run = promisify(execFile);
const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const API = fileURLToPath(new URL('..', import.meta.url));

interface Sample {
  lang: string;
  label: string;
  source: string;
}

const document = parse(readFileSync(join(REPO, 'openapi.yaml'), 'utf8')) as {
  paths: Record<string, Record<string, { operationId: string; 'x-codeSamples'?: Sample[] }>>;
};
const operations = Object.values(document.paths).flatMap((methods) => Object.values(methods));

describe('the code samples of /docs', () => {
  it('every main operation has a curl and a Node SDK sample', () => {
    const main = [
      'createProduct',
      'createPrice',
      'createCustomer',
      'createCheckoutSession',
      'createSubscription',
      'cancelSubscription',
      'captureCharge',
      'cancelCharge',
      'createRefund',
      'createDiscount',
      'createWebhookEndpoint',
      'rotateWebhookSecret',
      'readEventFeed',
    ];
    for (const id of main) {
      const samples = operations.find((op) => op.operationId === id)?.['x-codeSamples'] ?? [];
      expect(
        samples.map((sample) => sample.label),
        id,
      ).toEqual(['curl', 'Node SDK']);
    }
  });

  it('the Node SDK samples type-check against the contract', async () => {
    const dir = mkdtempSync(join(API, '.samples-'));
    try {
      const bodies = operations.flatMap((op) =>
        (op['x-codeSamples'] ?? [])
          .filter((s) => s.label === 'Node SDK')
          .map((s) => `// ${op.operationId}\nexport async function ${op.operationId}() {\n${s.source}\n}\n`),
      );
      writeFileSync(
        join(dir, 'samples.ts'),
        `import { createKupaClient, unwrap, type Schemas } from '@kupa/sdk';
const kupa = createKupaClient({ baseUrl: 'http://localhost:3000', apiKey: process.env.KUPA_API_KEY });
declare const product: Schemas['Product'], price: Schemas['Price'], customer: Schemas['Customer'];
declare const method: Schemas['PaymentMethod'], subscription: Schemas['Subscription'];
${bodies.join('\n')}`,
      );
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({ extends: '../tsconfig.json', include: ['samples.ts'], compilerOptions: { noUnusedLocals: false } }),
      );
      const result = await run(process.execPath, [join(REPO, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', dir]).then(
        () => '',
        (error: { stdout: string }) => error.stdout,
      );
      expect(result).toBe('');
      expect(bodies.length).toBeGreaterThanOrEqual(13);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
