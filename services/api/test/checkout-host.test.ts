import { get, type IncomingMessage, type Server } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCheckoutApp } from '../src/main/checkout-host';
import { loadConfig } from '../src/main/config';

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  const config = loadConfig({
    PUBLIC_BASE_URL: 'https://api.kupa.example',
    NODE_ENV: 'production',
    CARD_FINGERPRINT_SECRET: 'x'.repeat(32),
    MASTER_KEY: Buffer.alloc(32, 9).toString('base64'),
  });
  server = await new Promise((resolve) => {
    const s = createCheckoutApp(config, async () => null, {
      logos: async () => null,
      cardFields: async (id) => (id === 'co_live' ? ['https://hf.tranzila.com'] : []),
      portalCardFields: async (id) => (id === 'bps_live' ? ['https://hf.tranzila.com'] : []),
      bitPage: async (id, attempt) => (id === 'co_live' && attempt === 'att_bit' ? 'https://bit.tranzila.example/sale/7?a=1&b="2"' : null),
    }).listen(0, '127.0.0.1', () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe('checkout host', () => {
  it('serves the full page, never framed, pointing at the API', async () => {
    const res = await fetch(`${baseUrl}/checkout/co_abc`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("connect-src 'self' https://api.kupa.example");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect(html).toContain('<meta name="kupa-api" content="https://api.kupa.example"');
    expect(html).toContain('<meta name="kupa-checkout" content="http://localhost:3001"');
    expect(html).not.toMatch(/<script>(?!<\/script>)/); // no inline script under script-src 'self'
  });

  it("lets exactly the processor's card fields into a live page that has them (script, frames, calls), and nothing into a test page", async () => {
    for (const path of ['/checkout/co_live', '/checkout/co_live/embed']) {
      const csp = (await fetch(`${baseUrl}${path}`)).headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self' https://hf.tranzila.com;");
      expect(csp).toContain("frame-src 'self' https://hf.tranzila.com;");
      expect(csp).toContain("connect-src 'self' https://api.kupa.example https://hf.tranzila.com;");
    }
    // A live portal takes a new card in the same fields.
    const portal = (await fetch(`${baseUrl}/portal/bps_live`)).headers.get('content-security-policy')!;
    expect(portal).toContain("script-src 'self' https://hf.tranzila.com;");
    expect(portal).toContain("frame-ancestors 'none'");
    expect((await fetch(`${baseUrl}/portal/bps_test`)).headers.get('content-security-policy')).not.toContain('tranzila');
    const test = (await fetch(`${baseUrl}/checkout/co_abc`)).headers.get('content-security-policy')!;
    expect(test).not.toContain('tranzila');
    expect(test).not.toContain('frame-src');
    expect(test).toContain("default-src 'self'");
  });

  it("frames a live payment's Bit page under a policy that lets in exactly its origin, and nothing for a payment without one", async () => {
    const res = await fetch(`${baseUrl}/checkout/co_live/bit/att_bit`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-src https://bit.tranzila.example 'self';");
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/frame-ancestors https:.* 'self'/);
    const html = await res.text();
    expect(html).toContain('src="https://bit.tranzila.example/sale/7?a=1&amp;b=&quot;2&quot;"');
    expect(html).toContain('allow="payment"');
    expect(html).not.toContain('<script');
    for (const path of ['/checkout/co_live/bit/att_other', '/checkout/co_abc/bit/att_bit', '/checkout/co_live/bit/..%2Fx'])
      expect((await fetch(`${baseUrl}${path}`)).status).toBe(404);
    // The live page itself may frame its own host (the Bit frame) besides the card fields.
    expect((await fetch(`${baseUrl}/checkout/co_live`)).headers.get('content-security-policy')).toContain(
      "frame-src 'self' https://hf.tranzila.com;",
    );
  });

  it("answers Bit's way back with a page whose only script tells the checkout page, from this host", async () => {
    const res = await fetch(`${baseUrl}/checkout/co_live/bit-return?challenge_id=att_bit&result=success`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain('<script src="/bit-return.js"></script>');
    const script = await (await fetch(`${baseUrl}/bit-return.js`)).text();
    expect(script).toContain("type: 'kupa-bit-return'");
    expect(script).toContain('location.origin');
  });

  it('serves the embed framable by https sites only, without X-Frame-Options', async () => {
    const res = await fetch(`${baseUrl}/checkout/co_abc/embed`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain('frame-ancestors https:');
    expect(csp).not.toContain('localhost');
    expect(res.headers.get('x-frame-options')).toBeNull();
  });

  it('serves the built assets the page references', async () => {
    const html = await (await fetch(`${baseUrl}/checkout/co_abc`)).text();
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect((await fetch(`${baseUrl}${asset}`)).status).toBe(200);
    expect((await fetch(`${baseUrl}/assets/missing.js`)).status).toBe(404);
    const asset = await fetch(`${baseUrl}${assets[0]}`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await fetch(`${baseUrl}/checkout/co_abc`)).headers.get('cache-control')).toBe('no-store');
  });

  it('sends scripts, styles and pages compressed as the browser accepts, brotli first, saying so in Vary', async () => {
    const html = await (await fetch(`${baseUrl}/checkout/co_abc`)).text();
    const [script, style] = ['js', 'css'].map((ext) => html.match(new RegExp(`(?:src|href)="(/assets/[^"]+\\.${ext})"`))![1]);
    for (const path of [script, style, '/v1/embed.js', '/checkout/co_abc']) {
      const plain = await raw(path, 'identity');
      expect(plain.headers['content-encoding'], path).toBeUndefined();
      expect(plain.headers.vary, path).toContain('Accept-Encoding');
      const brotli = await raw(path, 'gzip, deflate, br');
      expect([brotli.headers['content-encoding'], brotli.headers['content-type']], path).toEqual(['br', plain.headers['content-type']]);
      expect(brotliDecompressSync(brotli.body).equals(plain.body), path).toBe(true);
      expect(brotli.body.length, path).toBeLessThan(plain.body.length);
      const gzip = await raw(path, 'gzip;q=1, br;q=0');
      expect(gzip.headers['content-encoding'], path).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body), path).toBe(true);
    }
    expect((await raw(script, 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves the merchant embed script, which mounts the checkout as window.Kupa.mountCheckout', async () => {
    const res = await fetch(`${baseUrl}/v1/embed.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const script = await res.text();
    expect(script).toContain('mountCheckout');
    expect(script).toContain('service-checkout-result');
    expect(script).not.toContain("'*'");
  });

  it("never shows a stack trace or a file path, whatever NODE_ENV is (here the test runner's)", async () => {
    expect(process.env.NODE_ENV).not.toBe('production');
    for (const [path, status] of [
      ['/assets/missing.js', 404],
      ['/checkout/%ZZ', 400],
      ['/assets/%ZZ', 400],
      ['/nope', 404],
    ] as const) {
      const res = await fetch(`${baseUrl}${path}`);
      const text = await res.text();
      expect(res.status, path).toBe(status);
      expect(text, path).not.toMatch(/\bat\s|node_modules|\/work\/|\.ts:|Error/);
    }
  });
});

/** A GET with exactly this Accept-Encoding, its body as sent (not decompressed). */
function raw(path: string, acceptEncoding: string): Promise<{ headers: IncomingMessage['headers']; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${baseUrl}${path}`, { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}
