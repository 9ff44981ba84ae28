import { randomBytes } from 'node:crypto';
import { type AllocationAnswer, AllocationUnavailable } from '../../application/ports/allocation-authority';
import { type ApprovalInvoice, type TaxAuthorityApi, type TaxAuthorityTokens, TokensRefused } from '../../application/ports/tax-authority';

export interface IsraelInvoicesSettings {
  /** The OAuth endpoints' base (`…/shaam/production`). */
  authUrl: string;
  /** The invoices API's base (`…/shaam/production`). */
  apiUrl: string;
  clientId: string | null;
  clientSecret: string | null;
  /** Kupa's registration number as accounting software. */
  softwareNumber: string | null;
  /** Where the authority sends the merchant back with a code (Kupa's callback). */
  redirectUri: string;
  timeoutMs: number;
}

/** What the approval answers: a confirmation number, or 0 with the validation errors. */
interface ApprovalAnswer {
  Status: number;
  Message?: string | Array<{ errors?: Array<{ code: number; message: string; param?: string }> }>;
  Confirmation_Number?: string | number;
  Confirmation_number?: string | number;
}

/**
 * The Tax Authority's Israel Invoices API, as its developer documentation describes it: OAuth2 with an
 * authorization code per business (`/longtimetoken/oauth2/authorize` and `/token`), and
 * `POST /Invoices/v1/Approval` with the invoice's fields, answering a confirmation number whose rightmost
 * nine digits are the allocation number printed on the document.
 */
export class IsraelInvoicesApi implements TaxAuthorityApi {
  constructor(private readonly settings: IsraelInvoicesSettings) {}

  configured(): boolean {
    return Boolean(this.settings.clientId && this.settings.clientSecret && this.settings.softwareNumber);
  }

  authorizationUrl(state: string): string {
    const url = new URL(`${this.settings.authUrl}/longtimetoken/oauth2/authorize`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.settings.clientId ?? '');
    url.searchParams.set('redirect_uri', this.settings.redirectUri);
    url.searchParams.set('scope', 'scope');
    url.searchParams.set('state', state);
    return url.toString();
  }

  exchangeCode(code: string): Promise<TaxAuthorityTokens> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: this.settings.redirectUri });
  }

  refresh(refreshToken: string): Promise<TaxAuthorityTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  async approve(accessToken: string, invoice: ApprovalInvoice): Promise<AllocationAnswer> {
    const day = invoice.issuedAt.toISOString().slice(0, 10);
    const response = await this.call(`${this.settings.apiUrl}/Invoices/v1/Approval`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json' },
      body: withDecimals({
        Invoice_ID: invoice.documentId,
        Invoice_Type: invoice.typeCode,
        Vat_Number: Number(invoice.businessNumber),
        Union_Vat_Number: 0,
        Invoice_Reference_Number: String(invoice.documentNumber),
        Customer_VAT_Number: Number(invoice.customerTaxId),
        Customer_Name: invoice.customerName,
        Invoice_Date: day,
        Invoice_Issuance_Date: day,
        Accounting_Software_Number: Number(this.settings.softwareNumber),
        Amount_Before_Discount: shekels(invoice.amountExcludingVat),
        Discount: 0,
        Payment_Amount: shekels(invoice.amountExcludingVat),
        VAT_Amount: shekels(invoice.vatAmount),
        Payment_Amount_Including_VAT: shekels(invoice.total),
      }),
    });
    if (response.status === 401) throw new TokensRefused('the access token was refused');
    if (response.status >= 500 || response.status === 429) throw new AllocationUnavailable(`the approval answered ${response.status}`);
    const answer = (await response.json().catch(() => ({}))) as ApprovalAnswer;
    const confirmation = String(answer.Confirmation_Number ?? answer.Confirmation_number ?? '0');
    if (response.ok && /^\d{9,}$/.test(confirmation)) return { approved: true, number: confirmation.slice(-9) };
    const errors = Array.isArray(answer.Message) ? answer.Message.flatMap((message) => message.errors ?? []) : [];
    const reason =
      errors.length > 0 ? errors.map((error) => `${error.code}: ${error.message}`).join('; ') : String(answer.Message ?? response.status);
    return { approved: false, reason };
  }

  private async token(grant: Record<string, string>): Promise<TaxAuthorityTokens> {
    const response = await this.call(`${this.settings.authUrl}/longtimetoken/oauth2/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...grant, client_id: this.settings.clientId ?? '', client_secret: this.settings.clientSecret ?? '' }),
    });
    if (response.status >= 500 || response.status === 429)
      throw new AllocationUnavailable(`the token endpoint answered ${response.status}`);
    const body = (await response.json().catch(() => ({}))) as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
      refresh_token_expires_in?: number;
      error?: string;
      error_description?: string;
    };
    if (!response.ok || !body.access_token || !body.refresh_token)
      throw new TokensRefused(`${body.error ?? response.status}${body.error_description ? `: ${body.error_description}` : ''}`);
    const now = Date.now();
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      accessExpiresAt: new Date(now + (body.expires_in ?? 600) * 1000),
      // The documentation gives refresh tokens a month when the answer does not say.
      refreshExpiresAt: new Date(now + (body.refresh_token_expires_in ?? 30 * 24 * 3600) * 1000),
    };
  }

  private async call(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetch(url, { ...init, signal: AbortSignal.timeout(this.settings.timeoutMs) });
    } catch (error) {
      throw new AllocationUnavailable(error instanceof Error ? error.message : 'unreachable');
    }
  }
}

/** Agorot, marked to be written as the shekels the authority's amounts are in (see `withDecimals`). */
function shekels(agorot: number): string {
  return `${DECIMAL}${agorot}`;
}

/** A marker no invoice text can carry (customer names are the customer's own). */
const DECIMAL = `#agorot-${randomBytes(8).toString('hex')}:`;
const MARKED = new RegExp(`"${DECIMAL}(-?)(\\d+)"`, 'g');

/** JSON with each `shekels(…)` written as a decimal of two places, built as text: no amount passes a float. */
function withDecimals(body: object): string {
  return JSON.stringify(body).replace(MARKED, (_, sign: string, digits: string) => {
    const padded = digits.padStart(3, '0');
    return `${sign}${padded.slice(0, -2)}.${padded.slice(-2)}`;
  });
}
