import { startTranzilaTwin } from './twin';

/**
 * `pnpm twin:tranzila`: the Tranzila twin on a laptop. Point Kupa at it with
 * `TRANZILA_API_URL=http://127.0.0.1:4010` and connect a live account with the terminal printed below.
 */
const port = Number(process.env.TRANZILA_TWIN_PORT ?? 4010);
const terminal = {
  terminal: process.env.TRANZILA_TWIN_TERMINAL ?? 'kupatwin',
  appKey: process.env.TRANZILA_TWIN_APP_KEY ?? 'twin_app_key',
  secret: process.env.TRANZILA_TWIN_SECRET ?? 'twin_secret',
  keyField: process.env.TRANZILA_TWIN_KEY_FIELD ?? 'order_ref',
};
const twin = await startTranzilaTwin({ port, host: process.env.TRANZILA_TWIN_HOST ?? '127.0.0.1', terminals: [terminal] });
process.stdout.write(
  `Tranzila twin on ${twin.url}\n` +
    `  terminal ${terminal.terminal}, app key ${terminal.appKey}, secret ${terminal.secret}, user field 20 named ${terminal.keyField}\n` +
    `  ledger: GET ${twin.url}/twin/ledger   faults: POST ${twin.url}/twin/faults {"mode":"slow"|"lost"|"error"|"lost_callback"|"late_notify","count":1}\n` +
    `  hosted fields: ${twin.url}/hosted-fields/thostedf.js\n` +
    `  Kupa: TRANZILA_API_URL=${twin.url}\n`,
);
const stop = () => void twin.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
