import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import { randomBase62 } from '../../shared/domain/ids';

/** Told of every answer once it is sent (request metrics), with the seconds it took. */
export type AnswerObserver = (req: Request, res: Response, seconds: number) => void;

/**
 * Gives every response a `Request-Id` and logs one line per request: never headers, never a body (the
 * line's fields are the service's own, so it skips the logger's redaction of arbitrary objects).
 */
export function requestContext(logger: Logger, observe?: AnswerObserver): (req: Request, res: Response) => void {
  const requests = logger.child({}, { redact: [] });
  return (req, res) => {
    const requestId = `req_${randomBase62(20)}`;
    const started = process.hrtime.bigint();
    res.setHeader('Request-Id', requestId);
    res.on('finish', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      observe?.(req, res, seconds);
      requests.info(
        { requestId, method: req.method, path: req.path, status: res.statusCode, durationMs: Math.round(seconds * 10_000) / 10, account: res.locals.accountId },
        'request',
      );
    });
  };
}
