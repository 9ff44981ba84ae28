// Writes migrations/index.ts: every migration in the folder, in the order of the timestamps in their
// names. `--check` only says whether the file is current (exit code 1 when not).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');
const names = readdirSync(folder)
  .filter((file) => /^Migration\d{14}\.ts$/.test(file))
  .map((file) => file.slice(0, -'.ts'.length))
  .sort();
const text = [
  '// Written by scripts/list-migrations.mjs (pnpm generate) from the files of this folder: do not edit.',
  ...names.map((name) => `import { ${name} } from './${name}';`),
  '',
  '/** Every migration of this folder, oldest first. */',
  'export const MIGRATIONS = [',
  ...names.map((name) => `  ${name},`),
  '];',
  '',
].join('\n');
const target = join(folder, 'index.ts');
const current = (() => {
  try {
    return readFileSync(target, 'utf8');
  } catch {
    return null;
  }
})();
if (process.argv.includes('--check')) {
  if (current !== text) {
    console.error('migrations/index.ts does not list the folder: run pnpm generate');
    process.exit(1);
  }
} else if (current !== text) {
  writeFileSync(target, text);
}
