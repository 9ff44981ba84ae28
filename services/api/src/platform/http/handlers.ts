import type { Request, Response } from 'express';
import type { operations } from '../../shared/contract/contract';
import { cookieOf, SESSION_COOKIE, type AuthContext } from './authentication';

// What a module's router gives the contract router: one handler per operation of the contract, typed by it.

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

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

export function exchangeFacts(req: Request, res: Response): ExchangeFacts {
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
