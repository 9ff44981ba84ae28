import { startTaxAuthorityTwin } from './twin';

/**
 * `pnpm twin:tax-authority`: the Israel Invoices twin on a laptop. Point Kupa at it with the variables
 * printed below, connect a live account (`POST /v1/account/tax_authority/connect`), and live documents
 * above the threshold get their allocation numbers from it.
 */
const port = Number(process.env.TAX_AUTHORITY_TWIN_PORT ?? 4020);
const app = {
  clientId: process.env.TAX_AUTHORITY_TWIN_CLIENT_ID ?? 'twin_client_id',
  clientSecret: process.env.TAX_AUTHORITY_TWIN_CLIENT_SECRET ?? 'twin_client_secret',
  redirectUri: process.env.TAX_AUTHORITY_TWIN_REDIRECT_URI ?? 'http://localhost:3000/v1/tax_authority/callback',
};
const vatNumber = process.env.TAX_AUTHORITY_TWIN_VAT_NUMBER ?? '516179157';
const twin = await startTaxAuthorityTwin({ port, host: process.env.TAX_AUTHORITY_TWIN_HOST ?? '127.0.0.1', apps: [app], vatNumber });
process.stdout.write(
  `Israel Invoices twin on ${twin.url}, for the business ${vatNumber}\n` +
    `  approvals: GET ${twin.url}/twin/approvals   revoke: POST ${twin.url}/twin/revoke\n` +
    `  faults: POST ${twin.url}/twin/faults {"mode":"outage"|"slow","count":1}\n` +
    `  Kupa: TAX_AUTHORITY_AUTH_URL=${twin.authUrl} TAX_AUTHORITY_API_URL=${twin.apiUrl} ` +
    `TAX_AUTHORITY_CLIENT_ID=${app.clientId} TAX_AUTHORITY_CLIENT_SECRET=${app.clientSecret}\n`,
);
const stop = () => void twin.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
