import { AsyncResource } from 'node:async_hooks';
import express, { type RequestHandler } from 'express';
import type { ValidateFunction } from 'ajv';
import { DomainError, ValidationError } from '../../shared/domain/domain-error';
import { sendError } from './error-mapper';
import { toValidationError } from './request-validator';

// What a request may carry before any handler sees it: a JSON body within its limit, no deeper than the
// contract describes, text PostgreSQL can store, and what the contract's schemas say.

/** Deeper than any request the contract describes; deeper input is refused before it is walked. */
const MAX_DEPTH = 16;

export function validate<T>(validator: ValidateFunction | undefined, value: T): T {
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

const parsers = new Map<number, RequestHandler>();

/**
 * JSON bodies up to `limit` bytes. A body declared larger is refused (413) before a byte of it is read,
 * and the connection closed: waiting for it would let a client hold the connection with a body it
 * never sends.
 */
export function jsonBody(limit: number): RequestHandler {
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

/**
 * A body that is not read: a processor's notification, whose format Kupa does not rely on. It is drained
 * (up to `limit` bytes, else the connection is closed) so the connection can serve the next request.
 */
export function ignoredBody(limit: number): RequestHandler {
  return (req, res, next) => {
    const length = req.headers['content-length'];
    if (length !== undefined && Number(length) > limit) {
      res.setHeader('Connection', 'close');
      sendError(res, new DomainError('body_too_large', `The request body is too large: at most ${limit} bytes`));
      return;
    }
    let seen = 0;
    // The stream's events run outside the request's context (its database context among them): bound back to it.
    const proceed = AsyncResource.bind((error?: unknown) => next(error));
    req.on('data', (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > limit) req.destroy();
    });
    req.once('end', () => proceed());
    req.once('error', proceed);
    req.resume();
  };
}
