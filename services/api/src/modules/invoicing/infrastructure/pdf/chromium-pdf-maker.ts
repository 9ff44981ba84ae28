import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../../../platform/browser/chromium';
import type { PdfFacts, PdfMaker, SigningCredentials } from '../../application/ports/document-files';
import { archiveAndSign } from './signed-pdf';

const require = createRequire(import.meta.url);

/**
 * Noto Sans Hebrew (Hebrew, Latin and the shekel sign, regular and bold), inlined: the PDF embeds the
 * glyphs it uses and looks the same on every machine.
 */
function embeddedFonts(): string {
  const files = join(dirname(require.resolve('@fontsource/noto-sans-hebrew/package.json')), 'files');
  const face = (subset: string, weight: number, range: string) => {
    const data = readFileSync(join(files, `noto-sans-hebrew-${subset}-${weight}-normal.woff2`)).toString('base64');
    const source = `url(data:font/woff2;base64,${data}) format('woff2')`;
    return `@font-face{font-family:'Kupa Document';font-weight:${weight};src:${source};unicode-range:${range}}`;
  };
  const ranges = {
    hebrew: 'U+0307-0308,U+0590-05FF,U+200C-2010,U+20AA,U+25CC,U+FB1D-FB4F',
    latin: [
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329',
      'U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
    ].join(','),
  };
  const faces = [400, 700].flatMap((weight) => Object.entries(ranges).map(([subset, range]) => face(subset, weight, range)));
  return `<style>${faces.join('')}body{font-family:'Kupa Document',sans-serif}</style>`;
}

/**
 * Prints HTML pages to PDF in headless Chromium (`CHROMIUM_PATH`, Debian's `/usr/bin/chromium`, or the
 * browser the `@sparticuz/chromium` package brings), at most `concurrency` pages at once, then makes them
 * archival and signs them (`archiveAndSign`). The pages run no script and load nothing: every request is
 * refused. The browser starts on first use and again if it dies.
 */
export class ChromiumPdfMaker implements PdfMaker {
  private browser: Promise<Browser> | undefined;
  /** Read on the first print: every role builds the maker, only a worker prints. */
  private fonts: string | undefined;
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly concurrency: number,
    /** A browser of the machine's own; else Debian's, else the packaged one. */
    private readonly executablePath?: string,
  ) {}

  async make(html: string, facts: PdfFacts, credentials: SigningCredentials): Promise<Buffer> {
    return archiveAndSign(await this.print(html), facts, credentials);
  }

  async print(html: string): Promise<Uint8Array> {
    await this.slot();
    try {
      const context = await (await this.launched()).newContext({ javaScriptEnabled: false });
      try {
        await context.route('**/*', (route) => (route.request().url().startsWith('data:') ? route.continue() : route.abort()));
        const page = await context.newPage();
        await page.setContent(html.replace('</head>', `${(this.fonts ??= embeddedFonts())}</head>`), { waitUntil: 'load' });
        return await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true, tagged: true });
      } finally {
        await context.close();
      }
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }

  async close(): Promise<void> {
    const browser = this.browser;
    this.browser = undefined;
    if (browser) await (await browser.catch(() => null))?.close();
  }

  private async slot(): Promise<void> {
    while (this.active >= this.concurrency) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
  }

  private launched(): Promise<Browser> {
    this.browser ??= launchChromium(this.executablePath).then(
      (browser) => {
        browser.on('disconnected', () => (this.browser = undefined));
        return browser;
      },
      (error: unknown) => {
        this.browser = undefined;
        throw error;
      },
    );
    return this.browser;
  }
}
