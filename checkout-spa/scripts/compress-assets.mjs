// Prints what a shopper's browser downloads (gzip), and fails the build past the budget.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const LIMIT = 35 * 1024;
const dist = new URL('../dist/', import.meta.url);
const html = readFileSync(new URL('index.html', dist), 'utf8');
const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const gzip = (files) => files.reduce((sum, file) => sum + gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length, 0);
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;

const page = gzip(assets);
const script = gzip(['v1/embed.js']);
console.log(`checkout page, hosted and embed (${assets.join(', ')}): ${kb(page)} gzip JS+CSS (budget ${kb(LIMIT)})`);
console.log(`merchant embed script v1/embed.js: ${kb(script)} gzip`);
if (page > LIMIT) {
  console.error(`The checkout page is over its ${kb(LIMIT)} budget.`);
  process.exit(1);
}
