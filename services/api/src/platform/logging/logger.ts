import { type DestinationStream, pino, type Logger } from 'pino';

/**
 * Structured JSON logs. API keys never reach them: the Authorization header is never logged, and any
 * field that could hold a key or card data is censored as a second line of defence.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['authorization', 'apiKey', 'api_key', 'key', 'secret', '*.authorization', '*.apiKey', '*.secret', 'headers.authorization', 'req.headers.authorization', 'card.number', 'card.cvc', '*.card.number', '*.card.cvc'],
      censor: '[redacted]',
    },
  }, destination);
}
