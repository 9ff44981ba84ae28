import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient } from '@kupa/sdk';
import { createCheckoutApp } from '../src/main/checkout-host';
import { GetLogo } from '../src/modules/accounts';
import { contrastOnPage } from '../src/shared/domain/brand-color';
import { shopper, URLS } from './support/checkout';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';
import { waitFor } from './support/receiver';

// A merchant's look: logo (by URL or uploaded and served by the checkout host), a brand colour readable
// at AA, and terms and privacy pages, on the checkout page, the portal, emails and documents.
let app: TestApp;
let merchant: TestAccount;
let api: KupaClient;
let checkoutHost: Server;
let checkoutUrl: string;

/** A 1 × 1 PNG. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

beforeAll(async () => {
  app = await startTestApp(undefined, { worker: true, env: { JOB_POLL_INTERVAL_MS: '20' } });
  merchant = await app.createAccount('Olive Grove');
  api = app.client(merchant.testKey);
  const { services } = app;
  checkoutHost = await new Promise((resolve) => {
    const server = createCheckoutApp(services.config, async () => null, {
      logos: (id) => services.inContext(() => services.container.get(GetLogo).execute(id)),
      cardFields: async () => [],
      portalCardFields: async () => [],
      bitPage: async () => null,
    }).listen(0, '127.0.0.1', () => resolve(server));
  });
  checkoutUrl = `http://127.0.0.1:${(checkoutHost.address() as AddressInfo).port}`;
});
afterAll(async () => {
  checkoutHost?.close();
  await app.close();
});

describe('branding', () => {
  it('keeps the colour as given and uses it darkened to AA contrast on the page when it is too light', async () => {
    const res = await api.POST('/v1/account', {
      body: { branding: { color: '#FFD400', terms_url: 'https://olive.example/terms', privacy_url: 'https://olive.example/privacy' } },
    });
    expect(res.response.status, JSON.stringify(res.error)).toBe(200);
    const branding = res.data!.data.branding;
    expect(branding).toMatchObject({
      color: '#FFD400',
      terms_url: 'https://olive.example/terms',
      privacy_url: 'https://olive.example/privacy',
    });
    expect(branding.accent_color).not.toBe('#FFD400');
    expect(contrastOnPage(branding.accent_color!)).toBeGreaterThanOrEqual(4.5);

    const dark = await api.POST('/v1/account', { body: { branding: { color: '#0b5cad' } } });
    expect(dark.data!.data.branding).toMatchObject({ color: '#0b5cad', accent_color: '#0b5cad', terms_url: 'https://olive.example/terms' });
  });

  it('refuses pages that are not https, a colour that is not #rrggbb, and data that is not the image it claims', async () => {
    const http = await api.POST('/v1/account', { body: { branding: { terms_url: 'http://olive.example/terms' } } });
    expect(http.error!.error).toMatchObject({ code: 'url_not_https', param: 'branding.terms_url' });
    const color = await api.POST('/v1/account', { body: { branding: { color: 'yellow' } } });
    expect(color.response.status).toBe(400);
    expect(color.error!.error.param).toBe('branding.color');
    const notPng = await api.POST('/v1/account/logo', {
      body: { content_type: 'image/png', data: Buffer.from('<svg/>').toString('base64') },
    });
    expect(notPng.error!.error).toMatchObject({ code: 'parameter_invalid', param: 'data' });
    expect((await api.GET('/v1/account')).data!.data.branding.logo_url).toBeNull();
  });

  it('an uploaded logo is served by the checkout host and shown on the page, the portal and the document; emails carry the terms', async () => {
    const uploaded = await api.POST('/v1/account/logo', { body: { content_type: 'image/png', data: PNG } });
    expect(uploaded.response.status, JSON.stringify(uploaded.error)).toBe(200);
    const logoUrl = uploaded.data!.data.branding.logo_url!;
    expect(logoUrl).toMatch(new RegExp(`^${app.services.config.checkoutHostUrl}/logos/logo_\\w+$`));
    const served = await fetch(`${checkoutUrl}${new URL(logoUrl).pathname}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await served.arrayBuffer()).toString('base64')).toBe(PNG);
    expect((await fetch(`${checkoutUrl}/logos/logo_nothere`)).status).toBe(404);

    const customer = (await api.POST('/v1/customers', { body: { name: 'Noa', email: 'noa@example.co.il' } })).data!.data.id;
    const session = (
      await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, line_items: [{ name: 'Oil', amount_agorot: 5_000 }] } })
    ).data!.data;
    const page = (await app.client().GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: session.id } } })).data!.data;
    expect(page.merchant).toEqual({
      name: 'Olive Grove',
      branding: {
        logo_url: logoUrl,
        accent_color: '#0b5cad',
        terms_url: 'https://olive.example/terms',
        privacy_url: 'https://olive.example/privacy',
      },
    });
    const portal = (await api.POST('/v1/billing_portal/sessions', { body: { customer } })).data!.data;
    const portalPage = (await app.client().GET('/v1/billing_portal/sessions/{id}/page', { params: { path: { id: portal.id } } })).data!
      .data;
    expect(portalPage.merchant).toEqual(page.merchant);

    expect((await shopper(app).payWithCard(session.id)).response.status).toBe(200);
    const charge = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.charge!;
    const documentId = (await api.GET('/v1/charges/{id}', { params: { path: { id: charge } } })).data!.data.document!;
    const html = await (await fetch(`${app.baseUrl}/v1/documents/${documentId}/view`)).text();
    expect(html).toContain(`<img class="logo" src="data:image/png;base64,${PNG}" alt="">`);

    const [receipt] = await waitFor('the receipt', async () => {
      const rows: { text_body: string }[] = await app.services.orm.em
        .fork()
        .getConnection()
        .execute('select text_body from email_outbox where key = ?', [`receipt:${charge}`]);
      return rows.length === 1 && rows.map((row) => row.text_body);
    });
    expect(receipt).toContain('Terms: https://olive.example/terms');
    expect(receipt).toContain('Privacy: https://olive.example/privacy');

    // A logo by URL replaces the uploaded one; null removes it.
    const byUrl = await api.POST('/v1/account', { body: { branding: { logo_url: 'https://olive.example/logo.png' } } });
    expect(byUrl.data!.data.branding.logo_url).toBe('https://olive.example/logo.png');
    const html2 = await (await fetch(`${app.baseUrl}/v1/documents/${documentId}/view`)).text();
    expect(html2).not.toContain('<img');
  });
});
