#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { createKupaClient } from './index';
import { listen } from './cli/listen';
import { EVENT_TYPES, isEventType, liveOnly, trigger } from './cli/trigger';

const USAGE = `Usage: kupa <command> [options]    (in the Kupa repository: pnpm cli <command>)

  listen --forward-to URL [--events TYPE,TYPE]
      Forward every new event of the key's account and mode to URL, signed like a webhook delivery
      with the secret it prints. Ctrl-C stops.
  trigger EVENT_TYPE
      Create test-mode objects that cause EVENT_TYPE (e.g. charge.failed) and print what was created.

  Options of both:
    --api-key KEY    a secret key (sk_test_…); default: $KUPA_API_KEY
    --api-base URL   the API; default: $KUPA_API_BASE or http://localhost:3000

  Event types: ${EVENT_TYPES.join(', ')}
`;

class UsageError extends Error {}

function connectionHint(error: unknown, base: string): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  if (cause)
    return `Cannot reach the API at ${base} (${cause.code ?? cause.message}): start it (pnpm start) or set --api-base / KUPA_API_BASE`;
  return (error as Error).message;
}

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'forward-to': { type: 'string' },
      events: { type: 'string' },
      'api-key': { type: 'string' },
      'api-base': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return 0;
  }
  const apiKey = values['api-key'] ?? process.env.KUPA_API_KEY;
  const base = (values['api-base'] ?? process.env.KUPA_API_BASE ?? 'http://localhost:3000').replace(/\/$/, '');
  if (!apiKey) throw new UsageError('No API key: pass --api-key or set KUPA_API_KEY (the sk_test_… key pnpm start printed)');
  const api = createKupaClient({ baseUrl: base, apiKey, maxRetries: 0 });
  const log = (line: string) => console.log(line);

  if (command === 'listen') {
    const forwardTo = values['forward-to'];
    if (!forwardTo || !URL.canParse(forwardTo))
      throw new UsageError('--forward-to needs the absolute URL of your webhook route, e.g. http://localhost:4242/webhooks');
    const events = values.events
      ?.split(',')
      .map((type) => type.trim())
      .filter(Boolean);
    const unknown = events?.find((type) => !isEventType(type));
    if (unknown) throw new UsageError(`Unknown event type '${unknown}'`);
    const stop = new AbortController();
    for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
    try {
      await listen({
        api,
        apiKey,
        forwardTo,
        events: events?.filter(isEventType),
        log,
        signal: stop.signal,
        onReady: (secret) =>
          log(
            `Ready! Your webhook signing secret is ${secret} (^C to quit)\nForwarding ${events ? events.join(', ') : 'every event'} to ${forwardTo}`,
          ),
      });
    } catch (error) {
      throw new Error(connectionHint(error, base), { cause: error });
    }
    log('Stopped.');
    return 0;
  }
  if (command === 'trigger') {
    const [type] = rest;
    if (!type || !isEventType(type)) throw new UsageError(type ? `Unknown event type '${type}'` : 'trigger needs an event type');
    if (!apiKey.startsWith('sk_test_')) throw new UsageError('trigger creates test objects: use a test-mode secret key (sk_test_…)');
    const reason = liveOnly(type);
    if (reason) throw new UsageError(`${type} happens in live mode only: to see it, ${reason}`);
    log(`Triggering ${type}…`);
    try {
      await trigger(api, type, log);
    } catch (error) {
      throw new Error(connectionHint(error, base), { cause: error });
    }
    return 0;
  }
  throw new UsageError(`Unknown command '${command}'`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError || (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
      console.error(`${(error as Error).message}\n\n${USAGE}`);
      process.exit(2);
    }
    console.error(`Failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
