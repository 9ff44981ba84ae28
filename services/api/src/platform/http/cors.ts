import type { Request, RequestHandler, Response } from 'express';
import { DomainError } from '../../shared/domain/domain-error';
import { sendError } from './error-mapper';
import { HTTP_METHODS, type OpenApiOperation } from './openapi-document';

/**
 * OPTIONS on a path: the checkout page's public endpoints take browser preflights for their methods;
 * elsewhere OPTIONS is refused (405 with `Allow`).
 */
export function preflight(
  publicCorsOrigin: string,
  path: string,
  item: Record<string, OpenApiOperation>,
  publicMethods: string[],
): RequestHandler {
  if (publicMethods.length === 0) {
    const allow = Object.keys(item)
      .filter((m) => (HTTP_METHODS as readonly string[]).includes(m))
      .map((m) => m.toUpperCase())
      .join(', ');
    return (_req, res) => {
      res.setHeader('Allow', allow);
      sendError(res, new DomainError('method_not_allowed', `OPTIONS is not served on ${path}: call it from a server with an API key`));
    };
  }
  const methods = publicMethods.join(', ');
  return (req, res) => {
    allowOrigin(req, res, publicCorsOrigin);
    res.setHeader('Access-Control-Allow-Methods', methods);
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
  };
}

/** CORS for the checkout page's origin only. */
export function allowOrigin(req: Request, res: Response, origin: string): void {
  res.setHeader('Vary', 'Origin');
  if (req.headers.origin === origin) res.setHeader('Access-Control-Allow-Origin', origin);
}
