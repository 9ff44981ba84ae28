// Writes each script and style sheet the checkout host serves beside itself pre-compressed (`.br`, `.gz`),
// prints what a shopper's browser downloads, and fails the build past the budget.
import { readdirSync, readFileSync } from 'node:fs';
import { compressAssets, kb, total } from '@kupa/web-kit/compress-assets';

const LIMIT = 35 * 1024;
const dist = new URL('../dist/', import.meta.url);
const served = [
  ...readdirSync(new URL('assets/', dist))
    .filter((file) => /\.(js|css)$/.test(file))
    .map((file) => `assets/${file}`),
  'v1/embed.js',
];
const sizes = compressAssets(dist, served);

const html = readFileSync(new URL('index.html', dist), 'utf8');
const pageAssets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const page = total(sizes, pageAssets, 'gzip');
const brotli = total(sizes, pageAssets, 'brotli');
console.log(
  `checkout page, hosted and embed (${pageAssets.join(', ')}): ${kb(page)} gzip, ${kb(brotli)} brotli JS+CSS (budget ${kb(LIMIT)} gzip)`,
);
const portal = served.filter((file) => file.startsWith('assets/Portal-'));
const later = served.filter((file) => file.startsWith('assets/') && !pageAssets.includes(file) && !portal.includes(file));
console.log(`customer portal, loaded on /portal only (${portal.join(', ')}): ${kb(total(sizes, portal, 'gzip'))} gzip more`);
console.log(`loaded when needed (${later.join(', ')}): ${kb(total(sizes, later, 'gzip'))} gzip`);
console.log(`merchant embed script v1/embed.js: ${kb(total(sizes, ['v1/embed.js'], 'gzip'))} gzip`);
if (page > LIMIT) {
  console.error(`The checkout page is over its ${kb(LIMIT)} budget.`);
  process.exit(1);
}
