import { existsSync } from 'node:fs';
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
    executablePath: system ?? (await chromium.executablePath()),
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
