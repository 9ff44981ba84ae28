// Builds, into a temporary directory, the checkout page (hosted and embedded share it), the merchant's embed
// script and a minimal Preact page, and prints what a browser downloads of each (gzip JS+CSS, bytes) as
// JSON: `checkout-bundle`'s measure, the minimal page being its baseline built in the same run.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import preact from '@preact/preset-vite';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'kupa-bundle-'));
const gzip = (dir) =>
  readdirSync(dir, { recursive: true })
    .filter((file) => /\.(js|css)$/.test(file))
    .reduce((sum, file) => sum + gzipSync(readFileSync(join(dir, file)), { level: 9 }).length, 0);

try {
  const quiet = { logLevel: 'silent' };
  await build({ ...quiet, root, configFile: join(root, 'vite.config.ts'), build: { outDir: join(out, 'page'), emptyOutDir: true } });
  await build({ ...quiet, root, configFile: join(root, 'vite.embed.config.ts'), build: { outDir: join(out, 'embed'), emptyOutDir: true } });

  // The baseline: a Preact page with a component, state and a stylesheet, and nothing else.
  const minimal = join(root, 'bench', 'minimal');
  await build({
    ...quiet,
    root: minimal,
    configFile: false,
    plugins: [preact()],
    build: { outDir: join(out, 'minimal'), emptyOutDir: true },
  });

  console.log(JSON.stringify({ page: gzip(join(out, 'page')), embed: gzip(join(out, 'embed')), minimal: gzip(join(out, 'minimal')) }));
} finally {
  rmSync(out, { recursive: true, force: true });
}
