import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KupaClient, Schemas } from '@kupa/sdk';
import { CARDS, shopper, URLS } from './support/checkout';
import { startTestApp, type TestAccount, type TestApp } from './support/harness';

type Profile = Schemas['BusinessProfile'];

let app: TestApp;
let pay: ReturnType<typeof shopper>;

beforeAll(async () => {
  app = await startTestApp();
  pay = shopper(app);
});
afterAll(async () => {
  await app.close();
});

const profile = (dealerType: Profile['dealer_type']): Profile => ({
  legal_name: 'Olive Grove Ltd',
  business_number: '516179157',
  dealer_type: dealerType,
  address: { line1: 'Herzl 1', city: 'Haifa', postal_code: '3303101' },
  email: 'books@olive.example.co.il',
  phone: '04-555-1234',
});

/** A merchant with the dealer type's profile (none for `null`). */
async function merchant(dealerType: Profile['dealer_type'] | null): Promise<{ account: TestAccount; api: KupaClient }> {
  const account = await app.createAccount('Olive Grove');
  const api = app.client(account.testKey);
  if (dealerType) expect((await api.POST('/v1/account', { body: { business_profile: profile(dealerType) } })).response.status).toBe(200);
  return { account, api };
}

/** A paid checkout of `amount` agorot; answers its charge. */
async function paid(api: KupaClient, customer: string, amount: number): Promise<Schemas['Charge']> {
  const session = (await api.POST('/v1/checkout_sessions', { body: { customer, ...URLS, line_items: [{ name: 'Olive oil', amount_agorot: amount }] } })).data!.data;
  expect((await pay.payWithCard(session.id, CARDS.ok)).data!.data.status).toBe('succeeded');
  const chargeId = (await api.GET('/v1/checkout_sessions/{id}', { params: { path: { id: session.id } } })).data!.data.charge!;
  return (await api.GET('/v1/charges/{id}', { params: { path: { id: chargeId } } })).data!.data;
}

async function document(api: KupaClient, id: string): Promise<Schemas['Document']> {
  return (await api.GET('/v1/documents/{id}', { params: { path: { id } } })).data!.data;
}

async function refundDocument(api: KupaClient, charge: string, amount: number): Promise<Schemas['Document']> {
  const refund = (await api.POST('/v1/charges/{id}/refunds', { params: { path: { id: charge } }, body: { amount } })).data!.data;
  return document(api, refund.document!);
}

async function html(account: TestAccount, id: string, locale?: 'en'): Promise<string> {
  const res = await fetch(`${app.baseUrl}/v1/documents/${id}/html${locale ? `?locale=${locale}` : ''}`, { headers: { Authorization: `Bearer ${account.testKey}` } });
  expect(res.status).toBe(200);
  return res.text();
}

describe('the business profile', () => {
  it('is set with a secret key, refused with a wrong check digit (nothing written), and shown by GET /v1/account', async () => {
    const { account, api } = await merchant(null);
    expect((await api.GET('/v1/account')).data!.data.business_profile).toBeNull();

    const wrong = await api.POST('/v1/account', { body: { business_profile: { ...profile('company'), business_number: '516179158' } } });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error!.error).toMatchObject({ code: 'tax_id_invalid', param: 'business_profile.business_number' });
    const badType = await api.POST('/v1/account', { body: { business_profile: { ...profile('company'), dealer_type: 'sole_trader' as never } } });
    expect(badType.response.status).toBe(400);
    expect(badType.error!.error.param).toBe('business_profile.dealer_type');
    expect((await api.GET('/v1/account')).data!.data.business_profile).toBeNull();

    const checkoutKey = await app.issueKey(account.id, { livemode: false, scope: 'checkout' });
    expect((await app.client(checkoutKey).POST('/v1/account', { body: { business_profile: profile('company') } })).response.status).toBe(403);
    const set = await api.POST('/v1/account', { body: { business_profile: profile('company') } });
    expect(set.data!.data.business_profile).toEqual(profile('company'));
    expect((await app.client(account.liveKey).GET('/v1/account')).data!.data.business_profile).toEqual(profile('company'));
  });

  it('a customer may carry a business number, checked the same way', async () => {
    const { api } = await merchant('company');
    const wrong = await api.POST('/v1/customers', { body: { name: 'Galil Foods', tax_id: '123456789' } });
    expect(wrong.response.status).toBe(400);
    expect(wrong.error!.error).toMatchObject({ code: 'tax_id_invalid', param: 'tax_id' });
    const created = await api.POST('/v1/customers', { body: { name: 'Galil Foods', tax_id: '000000018' } });
    expect(created.data!.data.tax_id).toBe('000000018');
  });
});

describe('documents by dealer type', () => {
  it('a company issues tax invoice receipts and credit tax invoices, each numbered on its own, with its identity and the business customer', async () => {
    const { api } = await merchant('company');
    const customer = (await api.POST('/v1/customers', { body: { name: 'Galil Foods', email: 'ap@galil.example', tax_id: '000000018' } })).data!.data.id;
    const first = await paid(api, customer, 11_800);
    const second = await paid(api, customer, 5_900);

    const sale = await document(api, first.document!);
    expect(sale).toMatchObject({
      type: 'tax_invoice_receipt',
      type_code: 320,
      number: 1,
      total: 11_800,
      vat_rate: 18,
      vat_amount: 1_800,
      amount_excluding_vat: 10_000,
      refers_to: null,
      issuer: { name: 'Olive Grove', legal_name: 'Olive Grove Ltd', business_number: '516179157', dealer_type: 'company', address: { line1: 'Herzl 1', city: 'Haifa', postal_code: '3303101' } },
      recipient: { name: 'Galil Foods', tax_id: '000000018', email: 'ap@galil.example' },
      payment: { card_last4: '4242', installments: null },
    });
    expect((await document(api, second.document!)).number).toBe(2);

    const credit = await refundDocument(api, first.id, 2_360);
    expect(credit).toMatchObject({ type: 'credit_invoice', type_code: 330, number: 1, total: -2_360, vat_amount: -360, amount_excluding_vat: -2_000 });
    expect(credit.refers_to).toEqual({ document: sale.id, type: 'tax_invoice_receipt', number: 1 });
    expect((await refundDocument(api, second.id, 100)).number).toBe(2);
    expect((await paid(api, customer, 1_000)).document).toBeTruthy();
    const listed = (await api.GET('/v1/documents', { params: { query: { limit: 10 } } })).data!.data;
    expect(listed.map((d) => `${d.type} ${d.number}`).sort()).toEqual(['credit_invoice 1', 'credit_invoice 2', 'tax_invoice_receipt 1', 'tax_invoice_receipt 2', 'tax_invoice_receipt 3']);
  });

  it.each(['exempt_dealer', 'non_profit'] as const)('an %s issues receipts without VAT, for money taken and returned', async (dealer) => {
    const { api } = await merchant(dealer);
    const customer = (await api.POST('/v1/customers', { body: { name: 'Dana Levi' } })).data!.data.id;
    const charge = await paid(api, customer, 10_000);
    const receipt = await document(api, charge.document!);
    expect(receipt).toMatchObject({ type: 'receipt', type_code: 400, number: 1, total: 10_000, vat_rate: 0, vat_amount: 0, amount_excluding_vat: 10_000 });
    const returned = await refundDocument(api, charge.id, 4_000);
    expect(returned).toMatchObject({ type: 'receipt', number: 2, total: -4_000, vat_amount: 0, refers_to: { document: receipt.id, type: 'receipt', number: 1 } });
  });
});

describe('the printable document', () => {
  it('is the original the first time and a true copy after, in Hebrew or English, with the totals in the amount column', async () => {
    const { account, api } = await merchant('licensed_dealer');
    const customer = (await api.POST('/v1/customers', { body: { name: 'Galil Foods', tax_id: '000000018' } })).data!.data.id;
    const charge = await paid(api, customer, 11_800);

    const original = await html(account, charge.document!);
    expect(original).toContain('dir="rtl"');
    expect(original).toContain('>מקור<');
    expect(original).not.toContain('העתק נאמן למקור');
    for (const text of ['חשבונית מס / קבלה מס׳ 1', 'Olive Grove Ltd', 'עוסק מורשה <bdi>516179157</bdi>', 'Herzl 1, Haifa', '<bdi>000000018</bdi>', 'מסמך בדיקה', 'המסתיים ב-4242']) {
      expect(original).toContain(text);
    }
    // The totals sit in the amount column: the table's last cell of each row, after a three-column label.
    expect(original).toMatch(/<tr><td colspan="3">סה״כ לפני מע״מ<\/td><td class="num"><bdi>₪100\.00<\/bdi><\/td><\/tr>/);
    expect(original).toMatch(/<tr><td colspan="3">מע״מ 18%<\/td><td class="num"><bdi>₪18\.00<\/bdi><\/td><\/tr>/);
    expect(original).toMatch(/<tr class="grand"><td colspan="3">סה״כ לתשלום<\/td><td class="num"><bdi>₪118\.00<\/bdi><\/td><\/tr>/);

    expect(await html(account, charge.document!)).toContain('>העתק נאמן למקור<');
    const english = await html(account, charge.document!, 'en');
    expect(english).toContain('dir="ltr"');
    expect(english).toContain('Tax invoice receipt No. 1');
    expect(english).toContain('>True copy of the original<');
    expect(english).toContain('Licensed dealer <bdi>516179157</bdi>');

    const credit = await refundDocument(api, charge.id, 11_800);
    const creditHtml = await html(account, credit.id);
    expect(creditHtml).toContain('>מקור<');
    expect(creditHtml).toContain('חשבונית מס זיכוי מס׳ 1');
    expect(creditHtml).toContain('מתייחסת לחשבונית מס / קבלה מס׳ 1');
    expect(creditHtml).toContain('סה״כ זיכוי');
  });
});
