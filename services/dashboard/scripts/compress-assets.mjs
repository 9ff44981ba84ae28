// Writes each script and style sheet of the dashboard beside itself pre-compressed (`.br`, `.gz`),
// prints what a browser downloads for it, and fails the build past the budget.
import { readdirSync } from 'node:fs';
import { compressAssets, kb, total } from '@kupa/web-kit/compress-assets';

const BUDGET = 40 * 1024;
const dist = new URL('../dist/', import.meta.url);
const files = readdirSync(new URL('assets/', dist))
  .filter((file) => /\.(js|css)$/.test(file))
  .map((file) => `assets/${file}`);
const sizes = compressAssets(dist, files);
const gzip = total(sizes, files, 'gzip');
console.log(
  `dashboard (${files.join(', ')}): ${kb(gzip)} gzip, ${kb(total(sizes, files, 'brotli'))} brotli JS+CSS (budget ${kb(BUDGET)} gzip)`,
);
if (gzip > BUDGET) {
  console.error(`The dashboard is over its ${kb(BUDGET)} budget.`);
  process.exit(1);
}
