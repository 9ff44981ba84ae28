import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Poppler's command-line tools (Debian's poppler-utils, which .ci/run installs when missing): an
// independent reader of the PDFs Kupa writes.
const folder = mkdtempSync(join(tmpdir(), 'kupa-pdf-'));
let files = 0;

function saved(pdf: Buffer): string {
  const path = join(folder, `${++files}.pdf`);
  writeFileSync(path, pdf);
  return path;
}

/** `pdfsig`'s report on the file's signatures (its exit code is not the verdict; the report is). */
export function pdfsig(pdf: Buffer): string {
  const run = spawnSync('pdfsig', [saved(pdf)], { encoding: 'utf8' });
  return `${run.stdout}${run.stderr}`;
}

export const pdftotext = (pdf: Buffer) => execFileSync('pdftotext', ['-layout', saved(pdf), '-'], { encoding: 'utf8' });
/** The text with the direction marks pdftotext puts around each run taken out. */
export const plainText = (pdf: Buffer) =>
  execFileSync('pdftotext', [saved(pdf), '-'], { encoding: 'utf8' }).replace(/[\u202a-\u202e]/g, '');
export const pdffonts = (pdf: Buffer) => execFileSync('pdffonts', [saved(pdf)], { encoding: 'utf8' });
export const pdfinfo = (pdf: Buffer, ...flags: string[]) => execFileSync('pdfinfo', [...flags, saved(pdf)], { encoding: 'utf8' });

/** The rows of `pdffonts` after its header: name, type, encoding, embedded, subset, unicode, object. */
export function fontRows(pdf: Buffer): string[][] {
  return pdffonts(pdf)
    .trim()
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/));
}
