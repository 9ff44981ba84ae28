import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/platform/repo-root';

// The READMEs are a map: the root one says where each manual lives, and every link in every manual leads
// somewhere that exists, down to the heading it names.

const markdownFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '*.md'], {
  cwd: REPO_ROOT,
  encoding: 'utf8',
})
  .split('\n')
  .filter((file) => file && !file.includes('node_modules/'));

/** The anchor GitHub gives a heading. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map(([, heading]) => slug(heading)));
}

/** Relative links outside code: `[text](path)`, `[text](path#anchor)`, `[text](#anchor)`. */
function linksOf(file: string): string[] {
  const text = readFileSync(join(REPO_ROOT, file), 'utf8')
    .replace(/```[\s\S]*?```/g, '')
    .replace(/`[^`\n]*`/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)].map(([, target]) => target).filter((target) => !/^[a-z]+:/.test(target));
}

describe('the manuals', () => {
  it('are found: the root README and one per package', () => {
    expect(markdownFiles).toEqual(
      expect.arrayContaining([
        'README.md',
        'services/api/README.md',
        'services/api/ARCHITECTURE.md',
        'sdk/README.md',
        'checkout-spa/README.md',
        'services/dashboard/README.md',
      ]),
    );
  });

  it('keep the root README a map of at most 12 KB that links to every package manual', () => {
    const root = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    expect(Buffer.byteLength(root)).toBeLessThanOrEqual(12 * 1024);
    for (const manual of ['services/api/README.md', 'sdk/README.md', 'checkout-spa/README.md', 'services/dashboard/README.md'])
      expect(linksOf('README.md')).toContain(manual);
  });

  it.each(markdownFiles)('%s links only to files and headings that exist', (file) => {
    const broken = linksOf(file).filter((link) => {
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path ? join(dirname(file), decodeURIComponent(path)) : file;
      if (!existsSync(join(REPO_ROOT, target))) return true;
      if (anchor === undefined || statSync(join(REPO_ROOT, target)).isDirectory() || !target.endsWith('.md')) return false;
      return !anchorsOf(target).has(anchor);
    });
    expect(broken).toEqual([]);
  });
});
