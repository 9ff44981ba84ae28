import { type DestinationStream, pino, type Logger } from 'pino';
import { standardOutput } from '../fast-paths/log-writer';

/** Fields of database errors that carry the statement, its values (a customer's data) or the connection: never logged. */
const DATABASE_FIELDS = new Set([
  'sql',
  'query',
  'params',
  'parameters',
  'bindings',
  'values',
  'detail',
  'where',
  'internalQuery',
  'client',
]);
const STATEMENT = /^\s*(select|insert|update|delete|with|create|alter|drop|truncate|lock)\s/i;

/** A database error's message is `<statement with its values> - <what went wrong>`: only the latter is kept. */
function withoutStatement(text: string): string {
  if (!STATEMENT.test(text)) return text;
  const reason = text.lastIndexOf(' - ');
  return reason === -1 ? '[statement redacted]' : `[statement redacted] - ${text.slice(reason + 3)}`;
}

function scrub(value: unknown, depth = 0): unknown {
  if (depth > 5 || value === null || typeof value !== 'object') return typeof value === 'string' ? withoutStatement(value) : value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (DATABASE_FIELDS.has(key)) out[key] = '[redacted]';
    else if (key === 'stack' && typeof item === 'string')
      out[key] = item.replace(/^([\w.$]+: )?(.*)/, (_, name = '', first: string) => `${name}${withoutStatement(first)}`);
    else out[key] = scrub(item, depth + 1);
  }
  return out;
}

/**
 * Structured JSON logs. API keys never reach them: the Authorization header is never logged, and any
 * field that could hold a key or card data is censored as a second line of defence. Errors from the
 * database are logged without their SQL statement and its parameters.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      serializers: { err: (error: Error) => scrub(pino.stdSerializers.err(error)) },
      redact: {
        paths: [
          'authorization',
          'apiKey',
          'api_key',
          'key',
          'secret',
          '*.authorization',
          '*.apiKey',
          '*.secret',
          'headers.authorization',
          'req.headers.authorization',
          'card.number',
          'card.cvc',
          '*.card.number',
          '*.card.cvc',
        ],
        censor: '[redacted]',
      },
    },
    destination ?? standardOutput(),
  );
}
