// Writes each script and style sheet of the dashboard beside itself pre-compressed (`.br`, `.gz`),
// prints what a browser downloads for it, and fails the build past the budget.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const BUDGET = 40 * 1024;
const assets = new URL('../dist/assets/', import.meta.url);
let gzipTotal = 0;
let brotliTotal = 0;
const files = readdirSync(assets).filter((file) => /\.(js|css)$/.test(file));
for (const file of files) {
  const body = readFileSync(new URL(file, assets));
  const gzip = gzipSync(body, { level: 9 });
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(new URL(`${file}.gz`, assets), gzip);
  writeFileSync(new URL(`${file}.br`, assets), brotli);
  gzipTotal += gzip.length;
  brotliTotal += brotli.length;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
console.log(`dashboard (${files.join(', ')}): ${kb(gzipTotal)} gzip, ${kb(brotliTotal)} brotli JS+CSS (budget ${kb(BUDGET)} gzip)`);
if (gzipTotal > BUDGET) {
  console.error(`The dashboard is over its ${kb(BUDGET)} budget.`);
  process.exit(1);
}
