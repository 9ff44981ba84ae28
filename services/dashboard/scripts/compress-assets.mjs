// Writes each script and style sheet of the dashboard beside itself pre-compressed (`.br`, `.gz`),
// prints what a browser downloads to open it and what the pages opened later add, and fails the build
// when opening it is past the budget.
import { readdirSync, readFileSync } from 'node:fs';
import { compressAssets, kb, total } from '@kupa/web-kit/compress-assets';

const BUDGET = 40 * 1024;
const dist = new URL('../dist/', import.meta.url);
const files = readdirSync(new URL('assets/', dist))
  .filter((file) => /\.(js|css)$/.test(file))
  .map((file) => `assets/${file}`);
const sizes = compressAssets(dist, files);
const html = readFileSync(new URL('index.html', dist), 'utf8');
const first = [...html.matchAll(/(?:src|href)="\/dashboard\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const later = files.filter((file) => !first.includes(file));
const gzip = total(sizes, first, 'gzip');
console.log(
  `dashboard (${first.join(', ')}): ${kb(gzip)} gzip, ${kb(total(sizes, first, 'brotli'))} brotli JS+CSS (budget ${kb(BUDGET)} gzip)`,
);
console.log(`pages downloaded when first opened (${later.length} files): ${kb(total(sizes, later, 'gzip'))} gzip more`);
if (first.length === 0) {
  console.error('No script or style sheet found in index.html');
  process.exit(1);
}
if (gzip > BUDGET) {
  console.error(`The dashboard is over its ${kb(BUDGET)} budget.`);
  process.exit(1);
}
