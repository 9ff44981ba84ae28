// `pnpm demo`: packs the SDK, installs the shop's dependencies from that tarball (as a merchant's project
// would, outside the workspace) and starts the shop. KUPA_API_KEY defaults to the dev merchant's test key
// that `pnpm start` keeps beside its embedded database.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const DEMO = fileURLToPath(new URL('.', import.meta.url));
const ROOT = resolve(DEMO, '..', '..');

export function prepareDemo() {
  execFileSync('pnpm', ['--filter', '@kupa/sdk', 'pack', '--pack-destination', join(DEMO, '.sdk')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  execFileSync('pnpm', ['install', '--ignore-workspace', '--no-lockfile', '--reporter=silent'], {
    cwd: DEMO,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, CI: '' },
  });
}

function devMerchantKey() {
  const file = resolve(process.env.INIT_CWD ?? ROOT, process.env.DATA_DIR ?? join(ROOT, '.data'), 'dev-merchant.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')).test_key : undefined;
}

if (process.argv[2] === '--prepare-only') {
  prepareDemo();
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const apiKey = process.env.KUPA_API_KEY ?? devMerchantKey();
  if (!apiKey) {
    console.error('No API key: run pnpm start first (it creates a dev merchant), or set KUPA_API_KEY=sk_test_…');
    process.exit(2);
  }
  prepareDemo();
  const shop = spawn(process.execPath, ['server.mjs'], { cwd: DEMO, stdio: 'inherit', env: { ...process.env, KUPA_API_KEY: apiKey } });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shop.kill(signal));
  shop.on('exit', (code) => process.exit(code ?? 0));
}
