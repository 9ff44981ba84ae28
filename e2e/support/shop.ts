import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { createKupaClient, type KupaClient } from '@kupa/sdk';
import { launchBrowser } from './browser';
import { MerchantSite } from './merchant-site';
import { freePort, pnpmStart, type RunningService, tempDataDir } from './service';

export interface Shop {
  dataDir: string;
  apiUrl: string;
  checkoutUrl: string;
  /** The dev merchant's test key, as `pnpm start` printed it. */
  key: string;
  kupa: KupaClient;
  site: MerchantSite;
  browser: Browser;
  service: RunningService;
  /** Stops what it started and removes its data. */
  close(): Promise<void>;
}

/**
 * Where the browser journeys begin: `pnpm start` on a fresh data directory (webhooks retried within a
 * second), a merchant's site on an origin of its own, and headless Chromium.
 */
export async function startShop(env: Record<string, string> = {}): Promise<Shop> {
  const dataDir = tempDataDir();
  const [port, checkoutPort] = [await freePort(), await freePort()];
  const apiUrl = `http://localhost:${port}`;
  const checkoutUrl = `http://localhost:${checkoutPort}`;
  const service = pnpmStart({
    DATA_DIR: dataDir,
    PORT: String(port),
    CHECKOUT_PORT: String(checkoutPort),
    LOG_LEVEL: 'warn',
    WEBHOOK_RETRY_SCHEDULE_MS: '200,200,200',
    ...env,
  });
  const [, key] = await service.waitFor(/Test key:\s+(sk_test_\w+)/);
  await service.waitFor(/Press Ctrl-C to stop/);
  const site = new MerchantSite(checkoutUrl);
  await site.start();
  const browser = await launchBrowser();
  return {
    dataDir,
    apiUrl,
    checkoutUrl,
    key,
    kupa: createKupaClient({ baseUrl: apiUrl, apiKey: key }),
    site,
    browser,
    service,
    async close() {
      await browser.close();
      await site.close();
      await service.interrupt();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
