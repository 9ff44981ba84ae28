import type { Response } from 'express';
import type { CsvReply, FileReply, HtmlReply } from './handlers';

const HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Writes a handler's answer: JSON, or a page, a file or a CSV download with the headers each needs. */
export function sendReply(res: Response, reply: unknown): void {
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
}
