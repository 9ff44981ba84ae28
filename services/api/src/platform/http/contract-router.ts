import type { RequestHandler } from 'express';
import { DomainError } from '../../shared/domain/domain-error';
import { ANSWERED, type AnswerWithChange, type IdempotentOperation } from './idempotency';
import { RouteTable, runChain } from '../fast-paths/route-table';
import { HTTP_METHODS, type OpenApiDocument, type OpenApiOperation } from './openapi-document';
import { compileRequestValidators, type RequestValidators } from './request-validator';
import { authenticate, type AuthenticationOptions, fromOwnPages } from './authentication';
import { allowOrigin, preflight } from './cors';
import { exchangeFacts, type HandlerContext, type OperationHandler, type OperationHandlers, type OperationId } from './handlers';
import { ignoredBody, jsonBody, validate } from './request-input';
import { sendReply } from './send-reply';

export interface ContractRouterOptions extends AuthenticationOptions {
  document: OpenApiDocument;
  handlers: OperationHandlers;
  /** The largest request bodies taken, in bytes. */
  limits: { authenticatedBody: number; publicBody: number };
  /** The only browser origin allowed to call public operations (the checkout host). */
  publicCorsOrigin: string;
  /** `Idempotency-Key` handling for authenticated POSTs. */
  idempotency?: RequestHandler;
  /** Rate limits: per account and mode after authentication, per client address on public operations. */
  rateLimits?: { authenticated: RequestHandler; public: RequestHandler };
}

/** What the router serves on one path of the contract. */
interface PathEntry {
  /** By lower-case method; `head` is answered as `get`. */
  methods: Map<string, { operationId: string; chain: RequestHandler[] }>;
  options: RequestHandler;
}

/**
 * Serves every operation of the contract: authentication and key scope from its `security` and
 * `x-checkout-key`, JSON-only bodies with size limits, Ajv validation of path, query and body, then the
 * module's handler, or 501 `not_implemented` for an operation no module serves yet. Paths are found by
 * a table (fixed paths by lookup, then the patterns of paths with parameters), under `/v1` and its
 * `/api/v1` alias; a request for no operation goes on to the next handler.
 */
export function createContractRouter(options: ContractRouterOptions): RequestHandler {
  const compile = compileRequestValidators(options.document);
  const routes = new RouteTable<PathEntry>();

  for (const [path, item] of Object.entries(options.document.paths)) {
    const methods: PathEntry['methods'] = new Map();
    const publicMethods: string[] = [];
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const isPublic = Array.isArray(operation.security) && operation.security.length === 0;
      if (isPublic) publicMethods.push(method.toUpperCase());
      methods.set(method, {
        operationId: operation.operationId,
        chain: operationChain(options, operation, method, isPublic, compile(path, method, operation)),
      });
    }
    routes.add(path, { methods, options: preflight(options.publicCorsOrigin, path, item, publicMethods) });
  }

  return (req, res, next) => {
    const url = req.url;
    const query = url.indexOf('?');
    let path = query === -1 ? url : url.slice(0, query);
    const alias = path.startsWith('/api/');
    if (alias) path = path.slice(4);
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const found = routes.find(path);
    if (found === null) return next(new DomainError('invalid_request', 'The request could not be read: check its URL encoding and body'));
    if (!found) return next();
    const { entry, params } = found;
    const method = req.method === 'HEAD' ? 'get' : req.method.toLowerCase();
    if (method === 'options') return entry.options(req, res, next);
    const operation = entry.methods.get(method);
    if (!operation) return next();
    // The alias is the same operation: past here the path is seen without it, as under a mounted router.
    if (alias) req.url = url.slice(4);
    req.params = params;
    res.locals.operation = operation.operationId;
    runChain(operation.chain, req, res, next);
  };
}

/** The handlers of one operation, in order: its guards, its body parser, validation and the module's handler. */
function operationChain(
  options: ContractRouterOptions,
  operation: OpenApiOperation,
  method: string,
  isPublic: boolean,
  validators: RequestValidators,
): RequestHandler[] {
  const handler = options.handlers[operation.operationId as OperationId] as OperationHandler<OperationId> | undefined;
  return [
    ...(isPublic ? publicGuards(options, method) : keyGuards(options, operation, method)),
    // A processor's notification is taken whatever its body: only that it came matters.
    operation['x-processor-callback'] === true
      ? ignoredBody(options.limits.publicBody)
      : jsonBody(isPublic ? options.limits.publicBody : options.limits.authenticatedBody),
    // After the body is read: a repeat is known by its key and its body.
    ...(isPublic ? [] : idempotencyGuards(options, operation, method)),
    async (req, res) => {
      const context = contextOf(req, res, validators);
      if (!handler) throw new DomainError('not_implemented', `${operation.operationId} is not available yet`);
      const produce = () => handler(context);
      const withChange = res.locals.answerWithChange as AnswerWithChange | undefined;
      const reply = withChange ? await withChange(produce) : await produce();
      if (reply === ANSWERED) return;
      // For the audit log of a write: the object it made or acted on.
      if (res.locals.auth && req.method !== 'GET') res.locals.target = targetOf(reply);
      sendReply(res, reply);
    },
  ];
}

/** A public operation (the checkout page's): its origin's CORS, writes from its own pages only, the per-address limit. */
function publicGuards(options: ContractRouterOptions, method: string): RequestHandler[] {
  return [
    (req, res, next) => {
      allowOrigin(req, res, options.publicCorsOrigin);
      next();
    },
    ...(method !== 'get' ? [fromOwnPages(options.publicCorsOrigin)] : []),
    ...(options.rateLimits ? [options.rateLimits.public] : []),
  ];
}

/** An operation for keys and sessions: who calls and may they, and the per-account limit. */
function keyGuards(options: ContractRouterOptions, operation: OpenApiOperation, method: string): RequestHandler[] {
  const guards = [authenticate(options, operation.operationId, method, operation['x-checkout-key'] === true || method === 'get')];
  if (options.rateLimits) guards.push(options.rateLimits.authenticated);
  return guards;
}

/** A keyed POST's Idempotency-Key: its first answer kept, and given again to a repeat. */
function idempotencyGuards(options: ContractRouterOptions, operation: OpenApiOperation, method: string): RequestHandler[] {
  if (method !== 'post' || !options.idempotency) return [];
  const idempotentOperation: IdempotentOperation = {
    holdsSecret: operation['x-answer-holds-secret'] === true,
    namesOperation: operation['x-key-names-operation'] === true,
  };
  return [
    (_req, res, next) => {
      res.locals.idempotentOperation = idempotentOperation;
      next();
    },
    options.idempotency,
  ];
}

/** What the handler is given: the validated input, who calls, and the exchange's facts when it asks. */
function contextOf(
  req: Parameters<RequestHandler>[0],
  res: Parameters<RequestHandler>[1],
  validators: RequestValidators,
): HandlerContext<never> {
  const params = validate(validators.params, req.params);
  // Express parses the query string on every read of `req.query`: read only when there is one.
  const query = validate(validators.query, req.url.includes('?') ? { ...(req.query as object) } : {});
  const body = validate(validators.body, req.body === undefined ? {} : req.body);
  // Made only for a handler that reads it (one that waits): most requests never need it.
  let gone: AbortController | undefined;
  return {
    auth: res.locals.auth,
    body,
    params,
    query,
    idempotencyKey: res.locals.idempotencyKey,
    get exchange() {
      return exchangeFacts(req, res);
    },
    get signal() {
      if (!gone) {
        gone = new AbortController();
        res.on('close', () => gone!.abort());
      }
      return gone.signal;
    },
  } as HandlerContext<never>;
}

/** The id of the object an answer is about (`data.id`), for the audit log. */
function targetOf(reply: unknown): string | null {
  const data = (reply as { data?: { id?: unknown } } | undefined)?.data;
  return data && typeof data === 'object' && !Array.isArray(data) && typeof data.id === 'string' ? data.id : null;
}
