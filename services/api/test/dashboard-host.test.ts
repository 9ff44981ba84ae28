import { existsSync, readFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_DIST, dashboardRoutes } from '../src/main/dashboard-host';

// The dashboard's page and files as the API role serves them (pnpm test builds the dashboard first).
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const app = express().use(dashboardRoutes());
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('the dashboard host', () => {
  it('serves the page at every path of the app under a strict CSP, never framed, never cached', async () => {
    expect(existsSync(`${DASHBOARD_DIST}/index.html`)).toBe(true);
    for (const path of ['/dashboard', '/dashboard/', '/dashboard/payments/ch_123', '/dashboard/accept?lang=en']) {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; " +
          "form-action 'self'; frame-ancestors 'none'",
      );
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('cache-control')).toBe('no-store');
      const html = await res.text();
      // No inline script or style, and nothing from another host.
      expect(html).not.toMatch(/<script>|<style|style=|https?:\/\//);
    }
  });

  it('serves its hashed files compressed as the build wrote them, cached for good, and nothing else', async () => {
    const html = readFileSync(`${DASHBOARD_DIST}/index.html`, 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="(\/dashboard\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.some((asset) => asset.endsWith('.js')) && assets.some((asset) => asset.endsWith('.css'))).toBe(true);
    for (const asset of assets) {
      const res = await fetch(`${baseUrl}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.status, asset).toBe(200);
      expect(res.headers.get('content-encoding')).toBe('br');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await res.text()).length).toBeGreaterThan(100);
    }
    expect((await fetch(`${baseUrl}/dashboard/assets/nothing.js`)).status).toBe(404);
  });
});
