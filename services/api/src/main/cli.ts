import { parseArgs } from 'node:util';
import { DomainError } from '../shared/domain/domain-error';
import { DEALER_TYPES, JOB_NAMES, OPTIONS, UsageError } from './cli-args';
import { ConfigError } from './config';

const USAGE = `Usage: pnpm cli <command> [options]

  accounts create --name NAME [--wallets] [--json]
      Create a merchant account with a secret key per mode.
  accounts update --account ID [--wallets | --no-wallets] [--live-onboarded | --no-live-onboarded]
                  [--cardholder-id | --no-cardholder-id]
                  [--legal-name NAME --business-number NNNNNNNNN --dealer-type TYPE --address STREET --city CITY
                   [--postal-code NNNNNNN] [--contact-email EMAIL] [--contact-phone PHONE]] [--json]
      Change an account's settings. The business profile (printed on every tax document; needed to go
      live) is given whole; dealer types: ${DEALER_TYPES.join(', ')}. Going live (--live-onboarded) also
      needs the processor connected (POST /v1/account/processor with the live key).
  keys create --account ID [--mode test|live] [--scope secret|checkout] [--json]
      Issue another key (e.g. a checkout-scoped ck_ key).
  keys rotate --account ID [--mode test|live] [--scope secret|checkout] [--json]
      Issue a new key and revoke the account's other keys of that mode and scope.
  users invite --account ID --email EMAIL [--role owner|admin|developer|support|viewer] [--locale he|en] [--json]
      Invite a person to the account's dashboard (an owner by default: how an account gets its first
      user, and the only way besides an owner with two-factor to make one). The link, good for 7 days,
      is printed and emailed.
  documents export --account ID --from YYYY-MM-DD --to YYYY-MM-DD [--mode test|live]
      The period's tax documents as CSV (Israel days, both included), with totals per type, for the
      accountant: pnpm cli documents export … > documents.csv
  emails list [--json]
      The latest emails in the outbox (all of them when SMTP_URL is unset).
  secrets rotate-master [--json]
      Re-wrap every account's data key under MASTER_KEY, with the key it replaces in MASTER_KEY_PREVIOUS
      (set both on every process first; drop the previous one after).
  jobs run <name> [--json]
      Run a scheduled job now. Names: ${JOB_NAMES.join(', ')}.
  listen --forward-to URL [--events TYPE,TYPE] [--api-key KEY] [--api-base URL]
      Forward the account's new events to your webhook route, signed (pnpm cli listen --help).
  trigger EVENT_TYPE [--api-key KEY] [--api-base URL]
      Create test-mode objects that cause an event (pnpm cli trigger --help).
`;

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: process.argv.slice(2), options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help || parsed.positionals.length === 0) {
    console.log(USAGE);
    return 0;
  }
  // The service's modules load only for a command that needs them, so --help and usage errors are instant.
  const { runCommand } = await import('./cli-commands');
  await runCommand(parsed.positionals.slice(0, 2).join(' '), parsed.positionals, parsed.values);
  return 0;
}
main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof UsageError) console.error(`${error.message}\n\n${USAGE}`);
    else if (error instanceof ConfigError || error instanceof DomainError) console.error(error.message);
    else console.error('Failed:', error instanceof Error ? error.message : error);
    process.exit(error instanceof UsageError ? 2 : 1);
  });
