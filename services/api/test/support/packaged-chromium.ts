// Run as a process of its own by test/chromium.test.ts: unpacks the packaged browser (if it is not yet)
// into this process's TMPDIR and starts it.
import { chromium as playwright } from 'playwright-core';
import { packagedChromium } from '../../src/platform/browser/chromium';

const browser = await playwright.launch({ executablePath: await packagedChromium(), headless: true, args: ['--no-sandbox'] });
process.stdout.write(`started ${browser.version()}\n`);
await browser.close();
