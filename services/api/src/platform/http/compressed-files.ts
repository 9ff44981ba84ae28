import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';

/** The encodings the build writes beside a file, best first, with the suffix of each. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

/**
 * The best encoding the browser takes (named, or by `*`, with a q-value above 0): brotli over gzip whenever
 * both are taken, whatever order the browser lists them in; no header means neither.
 */
function bestEncoding(req: Request): (typeof ENCODINGS)[number] | undefined {
  if (req.headers['accept-encoding'] === undefined) return undefined;
  return ENCODINGS.find(({ name }) => req.acceptsEncodings(name) === name);
}

/**
 * `file` as the build pre-compressed it, in the best encoding the browser accepts, with its own type;
 * `next()` sends it as it is when none is accepted or written.
 */
export function sendPrecompressed(req: Request, res: Response, next: NextFunction, file: string): void {
  res.setHeader('Vary', 'Accept-Encoding');
  const encoding = bestEncoding(req);
  if (!encoding || !existsSync(file + encoding.suffix)) return next();
  res.type(extname(file));
  res.setHeader('Content-Encoding', encoding.name);
  res.sendFile(file + encoding.suffix, (error) => {
    if (error && !res.headersSent) next(error);
  });
}

/** A body made per request (the page), compressed as the browser accepts. */
export function sendCompressed(req: Request, res: Response, body: Buffer): void {
  res.setHeader('Vary', 'Accept-Encoding');
  const chosen = bestEncoding(req)?.name;
  if (chosen === 'br') {
    res.setHeader('Content-Encoding', 'br');
    res.send(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
  } else if (chosen === 'gzip') {
    res.setHeader('Content-Encoding', 'gzip');
    res.send(gzipSync(body));
  } else {
    res.send(body);
  }
}
