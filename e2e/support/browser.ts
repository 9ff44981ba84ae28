import { expect } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '../../services/api/src/platform/browser/chromium';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const SCREENSHOTS = fileURLToPath(new URL('../screenshots/', import.meta.url));

/** Headless Chromium, as the service launches it to print documents (`CHROMIUM_PATH`, Debian's, or the packaged one). */
export function launchBrowser(): Promise<Browser> {
  return launchChromium(process.env.CHROMIUM_PATH);
}

export interface WatchedPage {
  page: Page;
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
  /** Every URL the page requested. */
  requests: string[];
}

/** A page in a fresh context, watched for errors and requests. */
export async function openPage(
  browser: Browser,
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<WatchedPage & { context: BrowserContext }> {
  const context = await browser.newContext({ locale: 'en-US', ...options });
  const page = await context.newPage();
  const errors: string[] = [];
  const requests: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('request', (request) => requests.push(request.url()));
  return { context, page, errors, requests };
}

/** axe-core's serious and critical findings on the page as it is now. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** The page as it is now has no serious or critical axe-core finding. */
export async function expectAccessible(page: Page): Promise<void> {
  expect(await accessibilityViolations(page)).toEqual([]);
}

/** Saves a screenshot under e2e/screenshots/ (gitignored) for a person to look at. */
export async function screenshot(page: Page, name: string, { fullPage = true }: { fullPage?: boolean } = {}): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage });
}

/**
 * A shekel amount as a Hebrew page shows it (`550.00 ₪`, with the bidirectional marks Hebrew formatting
 * puts around it): `exact` for the whole text, else anywhere in it.
 */
export function hebrewShekels(amount: string, { exact = false }: { exact?: boolean } = {}): RegExp {
  const marks = '[\\u200e\\u200f]*';
  const shown = `${marks}${amount.replace(/[.-]/g, (c) => `\\${c}`)}\\s${marks}₪`;
  return new RegExp(exact ? `^${shown}$` : shown);
}
