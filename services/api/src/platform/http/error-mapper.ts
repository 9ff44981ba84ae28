import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { DomainError, type ErrorKind } from '../../shared/domain/domain-error';

/** The one place that knows HTTP statuses. */
const STATUS: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  payment_failed: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  method_not_allowed: 405,
  headers_too_large: 431,
  timed_out: 408,
  unsupported_media_type: 415,
  rate_limited: 429,
  not_implemented: 501,
  unavailable: 503,
};

const TYPE: Record<ErrorKind, string> = {
  invalid: 'invalid_request_error',
  unauthenticated: 'authentication_error',
  payment_failed: 'card_error',
  forbidden: 'permission_error',
  not_found: 'invalid_request_error',
  conflict: 'invalid_request_error',
  too_large: 'invalid_request_error',
  method_not_allowed: 'invalid_request_error',
  headers_too_large: 'invalid_request_error',
  timed_out: 'invalid_request_error',
  unsupported_media_type: 'invalid_request_error',
  rate_limited: 'rate_limit_error',
  not_implemented: 'api_error',
  unavailable: 'api_error',
};

/** The envelope of an error, for writers that are not Express (the HTTP server's own refusals). */
export function errorBody(error: DomainError): { status: number; envelope: object } {
  const envelope = {
    success: false,
    error: { type: TYPE[error.kind], code: error.code, message: error.message, ...(error.param ? { param: error.param } : {}) },
  };
  return { status: STATUS[error.kind], envelope };
}

export function sendError(res: Response, error: DomainError): void {
  if (error.kind === 'unauthenticated') res.setHeader('WWW-Authenticate', 'Bearer');
  const retryAfter = (error as { retryAfterSeconds?: number }).retryAfterSeconds;
  if (error.kind === 'rate_limited' || retryAfter !== undefined)
    res.setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfter ?? 1))));
  const { status, envelope } = errorBody(error);
  // For the audit log of a refused or failed write.
  res.locals.errorCode = error.code;
  res.status(status).json(envelope);
}

/** Errors thrown by body-parser carry a `type`; they are the client's fault. */
function fromBodyParser(error: { type?: string; status?: number }): DomainError | undefined {
  switch (error.type) {
    case 'entity.too.large':
      return new DomainError('body_too_large', 'The request body is too large');
    case 'entity.parse.failed':
      return new DomainError('invalid_json', 'The request body is not valid JSON');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new DomainError('unsupported_media_type', 'The request body must be UTF-8 JSON');
    case 'request.aborted':
    case 'request.size.invalid':
    case 'stream.encoding.set':
      return new DomainError('invalid_request', 'The request body could not be read');
    default:
      return fromClientStatus(error.status);
  }
}

/** Other errors Express and its parsers raise for a request that cannot be read (bad URL encoding, bad gzip). */
function fromClientStatus(status: number | undefined): DomainError | undefined {
  if (status === 413) return new DomainError('body_too_large', 'The request body is too large');
  if (status === 415) return new DomainError('unsupported_media_type', 'The request body must be UTF-8 JSON');
  if (status !== undefined && status >= 400 && status < 500)
    return new DomainError('invalid_request', 'The request could not be read: check its URL encoding and body');
  return undefined;
}

export function errorMapper(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = error instanceof DomainError ? error : fromBodyParser(error ?? {});
    if (known) {
      sendError(res, known);
      return;
    }
    logger.error({ err: error, requestId: res.getHeader('Request-Id'), method: req.method, path: req.path }, 'unhandled error');
    if (res.headersSent) return;
    res.locals.errorCode = 'internal_error';
    res.status(500).json({
      success: false,
      error: {
        type: 'api_error',
        code: 'internal_error',
        message: 'Something went wrong on our side. Quote the Request-Id header if you contact us.',
      },
    });
  };
}
