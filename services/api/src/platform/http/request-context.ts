import type { RequestHandler } from 'express';
import type { Logger } from 'pino';
import { randomBase62 } from '../../shared/domain/ids';

/** Gives every response a `Request-Id` and logs one line per request: never headers, never a body. */
export function requestContext(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const requestId = `req_${randomBase62(20)}`;
    const started = process.hrtime.bigint();
    res.setHeader('Request-Id', requestId);
    res.on('finish', () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      logger.info(
        { requestId, method: req.method, path: req.path, status: res.statusCode, durationMs: Math.round(durationMs * 10) / 10, account: res.locals.accountId },
        'request',
      );
    });
    next();
  };
}
