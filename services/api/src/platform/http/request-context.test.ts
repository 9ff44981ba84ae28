import type { AddressInfo } from 'node:net';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../logging/logger';
import { requestContext } from './request-context';

/** Serves two requests through `requestContext` with a logger at `level`; the lines it wrote and the answers' ids. */
async function serveTwo(level: string): Promise<{ lines: Record<string, unknown>[]; ids: (string | null)[] }> {
  const written: string[] = [];
  const begin = requestContext(createLogger(level, { write: (line: string) => void written.push(line) }));
  const app = express();
  app.use((req, res, next) => {
    begin(req, res);
    next();
  });
  app.get('/signed-in', (_req, res) => {
    res.locals.accountId = 'acct_"quoted"';
    res.json({ ok: true });
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  try {
    const answers = [await fetch(`${base}/signed-in?x=1`), await fetch(`${base}/nowhere`)];
    await Promise.all(answers.map((answer) => answer.text()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    return {
      lines: written.map((line) => JSON.parse(line) as Record<string, unknown>),
      ids: answers.map((answer) => answer.headers.get('request-id')),
    };
  } finally {
    server.close();
  }
}

describe('requestContext', () => {
  it("logs one line per request in the logger's shape, with the answer's Request-Id", async () => {
    const { lines, ids } = await serveTwo('info');
    expect(lines).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        requestId: ids[0],
        method: 'GET',
        path: '/signed-in',
        status: 200,
        durationMs: expect.any(Number),
        account: 'acct_"quoted"',
        msg: 'request',
      },
      {
        level: 30,
        time: expect.any(Number),
        requestId: ids[1],
        method: 'GET',
        path: '/nowhere',
        status: 404,
        durationMs: expect.any(Number),
        msg: 'request',
      },
    ]);
    expect(ids[0]).toMatch(/^req_[0-9A-Za-z]{20}$/);
    expect(Math.abs((lines[0].time as number) - Date.now())).toBeLessThan(60_000);
  });

  it('logs no request line when the level is above info', async () => {
    const { lines, ids } = await serveTwo('warn');
    expect(lines).toEqual([]);
    expect(ids.every((id) => id?.startsWith('req_'))).toBe(true);
  });
});
