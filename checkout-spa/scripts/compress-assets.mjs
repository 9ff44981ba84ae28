// Writes each script and style sheet the checkout host serves beside itself pre-compressed (`.br`, `.gz`),
// prints what a shopper's browser downloads, and fails the build past the budget.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const LIMIT = 35 * 1024;
const dist = new URL('../dist/', import.meta.url);
const served = [
  ...readdirSync(new URL('assets/', dist))
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => `assets/${file}`),
  'v1/embed.js',
];
const sizes = new Map();
for (const file of served) {
  const body = readFileSync(new URL(file, dist));
  const gzip = gzipSync(body, { level: 9 });
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(new URL(`${file}.gz`, dist), gzip);
  writeFileSync(new URL(`${file}.br`, dist), brotli);
  sizes.set(file, { gzip: gzip.length, brotli: brotli.length });
}

const html = readFileSync(new URL('index.html', dist), 'utf8');
const pageAssets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const total = (files, kind) => files.reduce((sum, file) => sum + sizes.get(file)[kind], 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
const page = total(pageAssets, 'gzip');
console.log(
  `checkout page, hosted and embed (${pageAssets.join(', ')}): ${kb(page)} gzip, ${kb(total(pageAssets, 'brotli'))} brotli JS+CSS (budget ${kb(LIMIT)} gzip)`,
);
const portal = served.filter((file) => file.startsWith('assets/') && !pageAssets.includes(file));
console.log(`customer portal, loaded on /portal only (${portal.join(', ')}): ${kb(total(portal, 'gzip'))} gzip more`);
console.log(`merchant embed script v1/embed.js: ${kb(total(['v1/embed.js'], 'gzip'))} gzip`);
if (page > LIMIT) {
  console.error(`The checkout page is over its ${kb(LIMIT)} budget.`);
  process.exit(1);
}
