import type { Response } from 'express';

/**
 * `res.json` for the API's answers: the body as UTF-8 JSON with its length, written in one piece.
 * Express's own also computes an ETag (off here: answers are not cached) and converts the body to a
 * buffer first; on a request that does nothing else that was a tenth of its time.
 */
export function jsonAnswer(this: Response, value: unknown): Response {
  const body = JSON.stringify(value);
  this.setHeader('Content-Type', 'application/json; charset=utf-8');
  this.setHeader('Content-Length', Buffer.byteLength(body));
  this.end(body); // Node sends no body for HEAD
  return this;
}
