import { Pool } from 'undici';
import type { Transport } from './client';

/**
 * Requests to one base URL over a keep-alive pool of at most `connections` connections, with undici (the
 * HTTP client inside Node's own `fetch`) but without the WHATWG Request and Response objects `fetch`
 * builds around it. Idle connections do not keep the process alive.
 */
export function nodeTransport(baseUrl: string, connections: number): Transport {
  const url = new URL(baseUrl);
  const pool = new Pool(url.origin, { connections });
  return {
    prefix: url.pathname.replace(/\/+$/, ''),
    async send({ method, path, headers, body, signal }) {
      const answer = await pool.request({ method: method as never, path, headers, body, signal });
      return { status: answer.statusCode, headers: answer.headers, text: await answer.body.text() };
    },
  };
}
