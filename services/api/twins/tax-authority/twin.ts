import { randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A twin of the Israel Tax Authority's "Israel Invoices" open API (חשבוניות ישראל), from its published
 * developer documentation: OAuth2 with an authorization code per business (`/longtimetoken/oauth2/authorize`
 * and `/longtimetoken/oauth2/token`, access tokens for ten minutes, refresh tokens for a month), and the
 * approval of an invoice (`POST /Invoices/v1/Approval`) answering a confirmation number, of which the
 * rightmost nine digits are printed on the document, or the validation errors with the authority's own
 * codes (HTTP 200 with `Confirmation_Number: 0`). It is strict where the authority is: an unknown client
 * or a redirect URI other than the app's is refused, a code is used once, an expired or revoked token is
 * 401, and the invoice's fields are checked. It keeps what it approved (`GET /twin/approvals`), revokes a
 * business's tokens on request (`POST /twin/revoke`), and has fault modes (`POST /twin/faults`): an outage
 * (503) and a slow answer.
 */

export interface TaxAuthorityApp {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface TaxAuthorityTwinOptions {
  port?: number;
  host?: string;
  apps: TaxAuthorityApp[];
  /** The business whose authorized person "logs in" at the authorization page. */
  vatNumber: string;
  accessTokenSeconds?: number;
  refreshTokenSeconds?: number;
}

export interface Approval {
  invoiceId: string;
  vatNumber: string;
  customerVatNumber: string;
  invoiceType: number;
  amountBeforeVat: number;
  vatAmount: number;
  total: number;
  accountingSoftwareNumber: string;
  confirmationNumber: string;
}

type Fault = 'outage' | 'slow';

/** The invoice types the approval takes (the unified file format's codes). */
const INVOICE_TYPES = new Set([300, 305, 320, 330, 400]);

export async function startTaxAuthorityTwin(options: TaxAuthorityTwinOptions) {
  const accessSeconds = options.accessTokenSeconds ?? 600;
  const refreshSeconds = options.refreshTokenSeconds ?? 30 * 24 * 3600;
  const codes = new Map<string, { clientId: string; redirectUri: string; expires: number }>();
  const accessTokens = new Map<string, { clientId: string; expires: number; refreshToken: string }>();
  const refreshTokens = new Map<string, { clientId: string; expires: number; revoked: boolean }>();
  const approvals: Approval[] = [];
  /** Every token handed out, for tests that look for them where they must not be. */
  const issued: string[] = [];
  const faults: Fault[] = [];
  const requests: string[] = [];
  let clockOffsetMs = 0;
  const now = () => Date.now() + clockOffsetMs;

  const appOf = (clientId: string | null) => options.apps.find((app) => app.clientId === clientId);

  function issueTokens(clientId: string) {
    const refreshToken = randomBytes(24).toString('hex');
    refreshTokens.set(refreshToken, { clientId, expires: now() + refreshSeconds * 1000, revoked: false });
    issued.push(refreshToken);
    return tokensFor(clientId, refreshToken);
  }

  function tokensFor(clientId: string, refreshToken: string) {
    const accessToken = randomBytes(24).toString('hex');
    accessTokens.set(accessToken, { clientId, expires: now() + accessSeconds * 1000, refreshToken });
    issued.push(accessToken);
    return {
      token_type: 'Bearer',
      access_token: accessToken,
      expires_in: accessSeconds,
      refresh_token: refreshToken,
      refresh_token_expires_in: Math.floor((refreshTokens.get(refreshToken)!.expires - now()) / 1000),
      scope: 'scope',
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://twin');
    requests.push(`${req.method} ${url.pathname}`);
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };

    if (url.pathname.startsWith('/twin/')) return twinRoute(req, url, json);

    if (req.method === 'GET' && url.pathname.endsWith('/longtimetoken/oauth2/authorize')) {
      const app = appOf(url.searchParams.get('client_id'));
      const redirectUri = url.searchParams.get('redirect_uri');
      if (url.searchParams.get('response_type') !== 'code')
        return json(400, { error: 'unsupported_response_type', error_description: 'response_type must be code' });
      if (!app)
        return json(401, {
          error: 'unauthorized_client',
          error_description: 'Invalid client ID or secret, or client not subscribed to this API',
        });
      if (!redirectUri) return json(400, { error: 'invalid_request', error_description: 'Redirect URI missing' });
      if (redirectUri !== app.redirectUri)
        return json(401, {
          error: 'unauthorized_client',
          error_description: 'Invalid client ID or secret, or client not subscribed to this API',
        });
      // The authorized person logs in and consents: the twin grants at once.
      const code = randomBytes(16).toString('hex');
      codes.set(code, { clientId: app.clientId, redirectUri, expires: now() + 10 * 60_000 });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      const state = url.searchParams.get('state');
      if (state !== null) back.searchParams.set('state', state);
      res.writeHead(302, { Location: back.toString() });
      res.end();
      return;
    }

    if (req.method === 'POST' && url.pathname.endsWith('/longtimetoken/oauth2/token')) {
      const form = new URLSearchParams(await bodyOf(req));
      const app = appOf(form.get('client_id'));
      if (!app || form.get('client_secret') !== app.clientSecret)
        return json(401, {
          error: 'invalid_client',
          error_description: 'Invalid client ID or secret, or client not subscribed to this API',
        });
      if (form.get('grant_type') === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        if (!code || code.clientId !== app.clientId || code.expires < now() || code.redirectUri !== form.get('redirect_uri'))
          return json(400, { error: 'invalid_grant', error_description: 'Invalid or expired authorization code' });
        return json(200, issueTokens(app.clientId));
      }
      if (form.get('grant_type') === 'refresh_token') {
        const refreshToken = form.get('refresh_token') ?? '';
        const held = refreshTokens.get(refreshToken);
        if (!held || held.clientId !== app.clientId || held.revoked || held.expires < now())
          return json(400, { error: 'invalid_grant', error_description: 'Invalid or expired refresh token' });
        return json(200, tokensFor(app.clientId, refreshToken));
      }
      return json(400, { error: 'unsupported_grant_type', error_description: 'grant_type must be authorization_code or refresh_token' });
    }

    if (req.method === 'POST' && /\/Invoices\/v[12]\/Approval$/.test(url.pathname)) {
      const fault = faults.shift();
      if (fault === 'outage') return json(503, { Status: 503, Message: 'Service Unavailable' });
      if (fault === 'slow') await new Promise((resolve) => setTimeout(resolve, 2_000));
      const token = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      const refresh = token && refreshTokens.get(token.refreshToken);
      if (!token || token.expires < now() || refresh?.revoked)
        return json(401, { Status: 401, Message: 'Unauthorized: the access token is missing, expired or revoked' });
      let invoice: Record<string, unknown>;
      try {
        invoice = JSON.parse(await bodyOf(req)) as Record<string, unknown>;
      } catch {
        return json(400, { Status: 400, Message: 'The request body is not JSON' });
      }
      const errors = validate(invoice, options.vatNumber);
      if (errors.length > 0)
        return json(200, { Status: 200, Message: errors.map((error) => ({ errors: [error] })), Confirmation_Number: 0 });
      // The date and time of approval, then digits of its own: the last nine are what the invoice prints.
      const stamp = new Date(now()).toISOString().replace(/\D/g, '').slice(0, 14);
      const confirmationNumber = `${stamp}${randomInt(1e9, 1e10)}${String(approvals.length % 100).padStart(2, '0')}`;
      approvals.push({
        invoiceId: String(invoice.Invoice_ID),
        vatNumber: String(invoice.Vat_Number),
        customerVatNumber: String(invoice.Customer_VAT_Number),
        invoiceType: Number(invoice.Invoice_Type),
        amountBeforeVat: Number(invoice.Payment_Amount),
        vatAmount: Number(invoice.VAT_Amount),
        total: Number(invoice.Payment_Amount_Including_VAT),
        accountingSoftwareNumber: String(invoice.Accounting_Software_Number),
        confirmationNumber,
      });
      return json(200, { Status: 200, Message: 'Invoice approved', Confirmation_Number: confirmationNumber });
    }

    json(404, { Status: 404, Message: 'Not found' });
  }

  async function twinRoute(req: IncomingMessage, url: URL, json: (status: number, body: unknown) => void): Promise<void> {
    if (req.method === 'GET' && url.pathname === '/twin/approvals') return json(200, approvals);
    if (req.method === 'GET' && url.pathname === '/twin/requests') return json(200, requests);
    if (req.method === 'POST' && url.pathname === '/twin/revoke') {
      for (const token of refreshTokens.values()) token.revoked = true;
      return json(200, { revoked: true });
    }
    if (req.method === 'POST' && url.pathname === '/twin/faults') {
      const { mode, count } = JSON.parse(await bodyOf(req)) as { mode: Fault; count?: number };
      for (let i = 0; i < (count ?? 1); i++) faults.push(mode);
      return json(200, { faults });
    }
    if (req.method === 'POST' && url.pathname === '/twin/clock') {
      const { advanceSeconds } = JSON.parse(await bodyOf(req)) as { advanceSeconds: number };
      clockOffsetMs += advanceSeconds * 1000;
      return json(200, { offsetSeconds: clockOffsetMs / 1000 });
    }
    json(404, { Status: 404, Message: 'Not found' });
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ Status: 500, Message: 'Internal error' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    url,
    /** Where Kupa's TAX_AUTHORITY_AUTH_URL points: the OAuth endpoints. */
    authUrl: `${url}/shaam/tsandbox`,
    /** Where Kupa's TAX_AUTHORITY_API_URL points: the invoices API. */
    apiUrl: `${url}/shaam/tsandbox`,
    approvals,
    issued,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TaxAuthorityTwin = Awaited<ReturnType<typeof startTaxAuthorityTwin>>;

/** The approval's checks, each as the authority answers it: a code, a message and the field. */
function validate(
  invoice: Record<string, unknown>,
  vatNumber: string,
): { code: number; message: string; param: string; location: string }[] {
  const errors: { code: number; message: string; param: string; location: string }[] = [];
  const error = (code: number, message: string, param: string) => errors.push({ code, message, param, location: 'validation' });
  const nineDigits = (value: unknown) => (typeof value === 'number' || typeof value === 'string' ? /^\d{9}$/.test(String(value)) : false);
  if (!nineDigits(invoice.Vat_Number)) error(430, 'VAT Number is incorrect', 'Vat_Number');
  else if (String(invoice.Vat_Number) !== vatNumber) error(431, 'The user is not authorized for this VAT number', 'Vat_Number');
  if (!nineDigits(invoice.Customer_VAT_Number) || !checkDigitValid(String(invoice.Customer_VAT_Number)))
    error(432, 'Customer VAT Number is incorrect', 'Customer_VAT_Number');
  if (!INVOICE_TYPES.has(Number(invoice.Invoice_Type))) error(433, 'Invoice type is incorrect', 'Invoice_Type');
  const date = typeof invoice.Invoice_Date === 'string' ? Date.parse(invoice.Invoice_Date) : Number.NaN;
  if (Number.isNaN(date)) error(435, 'Invoice date is incorrect', 'Invoice_Date');
  else if (Date.now() - date > 14 * 24 * 3600_000) error(434, 'Invoice date is more than two weeks old', 'Invoice_Date');
  if (typeof invoice.Accounting_Software_Number !== 'number' && typeof invoice.Accounting_Software_Number !== 'string')
    error(436, 'Accounting software number is missing', 'Accounting_Software_Number');
  const amount = Number(invoice.Payment_Amount);
  const vat = Number(invoice.VAT_Amount);
  const total = Number(invoice.Payment_Amount_Including_VAT);
  if (![amount, vat, total].every(Number.isFinite)) error(438, 'Amounts are missing', 'Payment_Amount');
  else if (Math.round((amount + vat) * 100) !== Math.round(total * 100))
    error(439, 'Amount and VAT do not add up to the total', 'Payment_Amount_Including_VAT');
  if (invoice.Invoice_ID === undefined || invoice.Invoice_Reference_Number === undefined)
    error(440, 'Invoice identifier is missing', 'Invoice_ID');
  return errors;
}

/** The Israeli check digit of a nine-digit business or ID number. */
function checkDigitValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const digit = Number(number[i]) * ((i % 2) + 1);
    sum += digit > 9 ? digit - 9 : digit;
  }
  return sum % 10 === 0;
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
