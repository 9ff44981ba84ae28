// The front ends' builds write each script and style sheet beside itself pre-compressed (`.br`, `.gz`),
// which their hosts serve to browsers that take them, and check what a browser downloads against a budget.
import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Writes `.gz` and `.br` beside each of `files` (paths under the `dist` URL); answers each one's compressed sizes. */
export function compressAssets(dist, files) {
  const sizes = new Map();
  for (const file of files) {
    const body = readFileSync(new URL(file, dist));
    const gzip = gzipSync(body, { level: 9 });
    const brotli = brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    });
    writeFileSync(new URL(`${file}.gz`, dist), gzip);
    writeFileSync(new URL(`${file}.br`, dist), brotli);
    sizes.set(file, { gzip: gzip.length, brotli: brotli.length });
  }
  return sizes;
}

/** The sum of one kind of size over some of the files. */
export function total(sizes, files, kind) {
  return files.reduce((sum, file) => sum + sizes.get(file)[kind], 0);
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
