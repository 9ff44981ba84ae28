import express, { type Request, type RequestHandler, type Response } from 'express';
import type { operations } from '../../shared/contract/contract';
import { DomainError, ValidationError } from '../../shared/domain/domain-error';
import { sendError } from './error-mapper';
import { ANSWERED, type AnswerWithChange, type IdempotentOperation } from './idempotency';
import { RouteTable, runChain } from '../fast-paths/route-table';
import { HTTP_METHODS, type OpenApiDocument, type OpenApiOperation } from './openapi-document';
import { compileRequestValidators, type RequestValidators, toValidationError } from './request-validator';
import type { ValidateFunction } from 'ajv';
import { authenticate, type AuthContext, type AuthenticationOptions, cookieOf, fromOwnPages, SESSION_COOKIE } from './authentication';

export type OperationId = keyof operations;

/** Facts of the HTTP exchange that a few handlers need (sign-in, the audit log). */
export interface ExchangeFacts {
  /** The client's address (after the trusted proxies). */
  address: string | null;
  userAgent: string | null;
  requestId: string | null;
  /** The session cookie's value, when one was sent. */
  sessionToken: string | undefined;
  /** Sets the session cookie (`HttpOnly`, `SameSite=Strict`, `Secure` outside localhost), or clears it with null. */
  setSession(token: string | null): void;
}

type JsonBody<O> = O extends { requestBody?: { content: { 'application/json': infer B } } } ? B : undefined;
type PathParams<O> = O extends { parameters: { path: infer P } } ? (P extends object ? P : never) : never;
type QueryParams<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
export type SuccessBody<O> = O extends { responses: { 200: { content: infer C } } }
  ? C extends { 'application/json': infer R }
    ? R
    : | (C extends { 'text/html': string } ? HtmlReply : never)
      | (C extends { 'application/pdf': unknown } | { 'application/zip': unknown } ? FileReply : never)
      | (C extends { 'text/csv': string } ? CsvReply : never)
  : never;

export interface HtmlReply {
  html: string;
}

/** A file: shown in the browser (`inline`) or saved under its name. */
export interface FileReply {
  file: Buffer;
  contentType: 'application/pdf' | 'application/zip';
  filename: string;
  inline?: boolean;
}

/** A download: UTF-8 with a byte order mark, which spreadsheets need to read Hebrew. */
export interface CsvReply {
  csv: string;
  filename: string;
}

export interface HandlerContext<O> {
  /** Set for every operation that is not public; public handlers must not read it. */
  auth: AuthContext;
  body: JsonBody<O>;
  params: PathParams<O>;
  query: QueryParams<O>;
  /** The request's `Idempotency-Key`, on authenticated POSTs that carry one: it may name the operation. */
  idempotencyKey?: string;
  /** Aborted when the client goes away before the answer is sent (for handlers that wait). */
  signal: AbortSignal;
  exchange: ExchangeFacts;
}

export type OperationHandler<Id extends OperationId> = (ctx: HandlerContext<operations[Id]>) => Promise<SuccessBody<operations[Id]>>;
export type OperationHandlers = { [Id in OperationId]?: OperationHandler<Id> };

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
    routes.add(path, { methods, options: preflight(options, path, item, publicMethods) });
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

/**
 * OPTIONS on a path: the checkout page's public endpoints take browser preflights for their methods;
 * elsewhere OPTIONS is refused (405 with `Allow`).
 */
function preflight(
  options: ContractRouterOptions,
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
    allowOrigin(req, res, options.publicCorsOrigin);
    res.setHeader('Access-Control-Allow-Methods', methods);
    res.setHeader('Access-Control-Allow-Headers', 'Content-Type');
    res.setHeader('Access-Control-Max-Age', '600');
    res.status(204).end();
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
  const chain: RequestHandler[] = [];
  if (isPublic) {
    chain.push((req, res, next) => {
      allowOrigin(req, res, options.publicCorsOrigin);
      next();
    });
    if (method !== 'get') chain.push(fromOwnPages(options.publicCorsOrigin));
    if (options.rateLimits) chain.push(options.rateLimits.public);
  } else {
    chain.push(authenticate(options, operation.operationId, method, operation['x-checkout-key'] === true || method === 'get'));
    if (options.rateLimits) chain.push(options.rateLimits.authenticated);
  }
  chain.push(jsonBody(isPublic ? options.limits.publicBody : options.limits.authenticatedBody));
  if (!isPublic && method === 'post' && options.idempotency) {
    const idempotentOperation: IdempotentOperation = {
      holdsSecret: operation['x-answer-holds-secret'] === true,
      namesOperation: operation['x-key-names-operation'] === true,
    };
    chain.push((_req, res, next) => {
      res.locals.idempotentOperation = idempotentOperation;
      next();
    });
    chain.push(options.idempotency);
  }
  chain.push(async (req, res) => {
    const params = validate(validators.params, req.params);
    // Express parses the query string on every read of `req.query`: read only when there is one.
    const query = validate(validators.query, req.url.includes('?') ? { ...(req.query as object) } : {});
    const body = validate(validators.body, req.body === undefined ? {} : req.body);
    if (!handler) throw new DomainError('not_implemented', `${operation.operationId} is not available yet`);
    // Made only for a handler that reads it (one that waits): most requests never need it.
    let gone: AbortController | undefined;
    const context = {
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
    };
    const produce = () => handler(context as HandlerContext<never>);
    const withChange = res.locals.answerWithChange as AnswerWithChange | undefined;
    const reply = withChange ? await withChange(produce) : await produce();
    if (reply === ANSWERED) return;
    // For the audit log of a write: the object it made or acted on.
    if (res.locals.auth && req.method !== 'GET') res.locals.target = targetOf(reply);
    if (reply && typeof reply === 'object' && ('html' in reply || 'file' in reply)) {
      // Pages and files the API serves (tax documents, some keyless) run no script, load nothing, and are never framed.
      res.setHeader('Content-Security-Policy', HTML_CSP);
      res.setHeader('X-Content-Type-Options', 'nosniff');
      res.setHeader('X-Frame-Options', 'DENY');
      res.setHeader('Referrer-Policy', 'no-referrer');
      if ('html' in reply) res.type('html').send((reply as HtmlReply).html);
      else {
        const { file, contentType, filename, inline } = reply as FileReply;
        res
          .type(contentType)
          .setHeader('Content-Disposition', `${inline ? 'inline' : 'attachment'}; filename="${filename}"`)
          .send(file);
      }
    } else if (reply && typeof reply === 'object' && 'csv' in reply) {
      const { csv, filename } = reply as CsvReply;
      res.type('text/csv; charset=utf-8').attachment(filename).send(`\uFEFF${csv}`);
    } else {
      res.json(reply);
    }
  });
  return chain;
}

const HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Deeper than any request the contract describes; deeper input is refused before it is walked. */
const MAX_DEPTH = 16;

function validate<T>(validator: ValidateFunction | undefined, value: T): T {
  if (isEmptyObject(value)) {
    if (validator && !validator(value)) throw toValidationError(validator.errors![0]);
    return value;
  }
  if (depthOf(value) > MAX_DEPTH) throw new ValidationError('parameter_invalid', `The request is nested deeper than ${MAX_DEPTH} levels`);
  const bad = findUnstorableText(value);
  if (bad !== undefined)
    throw new ValidationError(
      'parameter_invalid',
      `Invalid ${bad || 'request'}: text must be well-formed Unicode without NUL characters`,
      bad || undefined,
    );
  if (validator && !validator(value)) throw toValidationError(validator.errors![0]);
  return value;
}

function isEmptyObject(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  for (const _ in value) return false;
  return true;
}

/** How deeply objects and arrays nest, counted without recursion. */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > MAX_DEPTH) return deepest;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return deepest;
}

/** A lone surrogate (not UTF-8) or NUL (which PostgreSQL text cannot hold). */
// eslint-disable-next-line no-control-regex -- NUL is what it looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The JSON path of the first string (or key) the service could not store as it was sent. */
function findUnstorableText(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return UNSTORABLE.test(value) ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnstorableText(value[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const child = path ? `${path}.${key}` : key;
      if (UNSTORABLE.test(key)) return child;
      const found = findUnstorableText(item, child);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The id of the object an answer is about (`data.id`), for the audit log. */
function targetOf(reply: unknown): string | null {
  const data = (reply as { data?: { id?: unknown } } | undefined)?.data;
  return data && typeof data === 'object' && !Array.isArray(data) && typeof data.id === 'string' ? data.id : null;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

function exchangeFacts(req: Request, res: Response): ExchangeFacts {
  return {
    address: req.ip ?? null,
    userAgent: req.headers['user-agent'] ?? null,
    requestId: (res.getHeader('Request-Id') as string | undefined) ?? null,
    sessionToken: cookieOf(req, SESSION_COOKIE),
    setSession(token) {
      const secure = LOCAL_HOSTS.has(req.hostname) ? '' : '; Secure';
      const value = token === null ? `${SESSION_COOKIE}=; Max-Age=0` : `${SESSION_COOKIE}=${token}`;
      res.append('Set-Cookie', `${value}; Path=/; HttpOnly; SameSite=Strict${secure}`);
    },
  };
}

/** CORS for the checkout page's origin only. */
function allowOrigin(req: Request, res: Response, origin: string): void {
  res.setHeader('Vary', 'Origin');
  if (req.headers.origin === origin) res.setHeader('Access-Control-Allow-Origin', origin);
}

const parsers = new Map<number, RequestHandler>();

/**
 * JSON bodies up to `limit` bytes. A body declared larger is refused (413) before a byte of it is read,
 * and the connection closed: waiting for it would let a client hold the connection with a body it
 * never sends.
 */
function jsonBody(limit: number): RequestHandler {
  let parse = parsers.get(limit);
  if (!parse) {
    parse = express.json({ limit, type: () => true });
    parsers.set(limit, parse);
  }
  const parseJson = parse;
  return (req, res, next) => {
    const length = req.headers['content-length'];
    const hasBody = req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
    if (!hasBody) return next();
    if (!req.is(['application/json', 'application/*+json'])) {
      sendError(res, new DomainError('unsupported_media_type', 'Send the request body as JSON with `Content-Type: application/json`.'));
      return;
    }
    if (length !== undefined && Number(length) > limit) {
      res.setHeader('Connection', 'close');
      sendError(res, new DomainError('body_too_large', `The request body is too large: at most ${limit} bytes`));
      return;
    }
    parseJson(req, res, next);
  };
}
