// Builds, into a temporary directory, the checkout page (hosted and embedded share it), the merchant's embed
// script and a minimal Preact page, and prints what a browser downloads of each (gzip JS+CSS, bytes) as
// JSON: `checkout-bundle`'s measure, the minimal page being its baseline built in the same run. The page is
// what its HTML loads; the customer portal's chunk, loaded only on /portal, and the other chunks loaded
// only when needed (the words for an error the page has none of its own for) are reported beside it.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import preact from '@preact/preset-vite';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'kupa-bundle-'));
const assets = (dir) => readdirSync(dir, { recursive: true }).filter((file) => /\.(js|css)$/.test(file));
const gzip = (dir, files = assets(dir)) =>
  files.reduce((sum, file) => sum + gzipSync(readFileSync(join(dir, file)), { level: 9 }).length, 0);
/** The scripts and style sheets a page's HTML loads. */
const loadedBy = (dir) =>
  [...readFileSync(join(dir, 'index.html'), 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);

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

  const page = join(out, 'page');
  const loaded = loadedBy(page);
  console.log(
    JSON.stringify({
      page: gzip(page, loaded),
      portal: gzip(
        page,
        assets(page).filter((file) => file.startsWith('assets/Portal-')),
      ),
      later: gzip(
        page,
        assets(page).filter((file) => !loaded.includes(file) && !file.startsWith('assets/Portal-')),
      ),
      embed: gzip(join(out, 'embed')),
      minimal: gzip(join(out, 'minimal')),
    }),
  );
} finally {
  rmSync(out, { recursive: true, force: true });
}
