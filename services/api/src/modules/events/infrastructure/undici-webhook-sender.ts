import type { LookupAddress, LookupOneOptions } from 'node:dns';
import { setMaxListeners } from 'node:events';
import { isIP } from 'node:net';
import { inject, injectable } from 'inversify';
import { Agent, errors } from 'undici';
import type { DnsResolver, WebhookRequest, WebhookSender, WebhookSettings } from '../application/ports/webhook-transport';
import { isAllowedDestination } from '../domain/forbidden-destinations';
import { type AttemptResult, RESPONSE_EXCERPT_BYTES } from '../domain/webhook-delivery';
import { EVENTS } from '../events.tokens';
import { hostOf } from './destination-guard';

class ForbiddenDestinationError extends Error {
  code = 'FORBIDDEN_DESTINATION';
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Deliveries over undici with keep-alive. The destination is checked again at connection time, inside
 * the socket's own DNS lookup, so a name that re-resolves to a private address (DNS rebinding) is
 * refused before any connection is opened. Redirects are never followed.
 */
@injectable()
export class UndiciWebhookSender implements WebhookSender {
  private readonly agents: Record<'strict' | 'loopback', Agent>;

  constructor(
    @inject(EVENTS.DnsResolver) private readonly resolver: DnsResolver,
    @inject(EVENTS.Settings) private readonly settings: WebhookSettings,
  ) {
    this.agents = { strict: this.agent(false), loopback: this.agent(true) };
  }

  sendAll(requests: WebhookRequest[]): Promise<AttemptResult[]> {
    // One timer for the batch: a timer of its own cost each POST more than the rest of its sending.
    const deadline = AbortSignal.timeout(this.settings.timeoutMs);
    setMaxListeners(requests.length, deadline); // each request listens to it
    return Promise.all(requests.map((request) => this.send(request, deadline)));
  }

  private async send(request: WebhookRequest, deadline: AbortSignal): Promise<AttemptResult> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const url = new URL(request.url);
    const host = hostOf(url);
    // IP literals never reach the lookup, so they are judged here.
    if (isIP(host) && !isAllowedDestination(host, request.allowLoopback)) {
      return { status: null, durationMs: elapsed(), error: 'forbidden_destination' };
    }
    const timeout = this.settings.timeoutMs;
    try {
      const response = await this.agents[request.allowLoopback ? 'loopback' : 'strict'].request({
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: request.headers,
        body: request.body,
        headersTimeout: timeout,
        bodyTimeout: timeout,
        signal: deadline,
      });
      const responseBody = await excerpt(response.body).catch(() => null);
      const status = response.statusCode;
      const retryAfter = response.headers['retry-after'];
      return {
        status,
        durationMs: elapsed(),
        error: status >= 300 && status < 400 ? 'redirect_not_followed' : null,
        retryAfter: Array.isArray(retryAfter) ? retryAfter[0] : retryAfter,
        responseBody,
      };
    } catch (error) {
      return { status: null, durationMs: elapsed(), error: describe(error) };
    }
  }

  async close(): Promise<void> {
    await Promise.all([this.agents.strict.close(), this.agents.loopback.close()]);
  }

  private agent(allowLoopback: boolean): Agent {
    const lookup = (hostname: string, options: LookupOneOptions & { all?: boolean }, callback: LookupCallback) => {
      this.resolver.resolve(hostname).then(
        (addresses) => {
          if (addresses.length === 0) return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), []);
          if (addresses.some((address) => !isAllowedDestination(address, allowLoopback))) {
            return callback(new ForbiddenDestinationError(`${hostname} resolves to a forbidden destination`), []);
          }
          if (options.all)
            return callback(
              null,
              addresses.map((address) => ({ address, family: isIP(address) })),
            );
          return callback(null, addresses[0], isIP(addresses[0]));
        },
        (error: Error) => callback(error, []),
      );
    };
    return new Agent({
      keepAliveTimeout: 30_000,
      connections: 64,
      connect: { lookup: lookup as never, timeout: this.settings.timeoutMs },
    });
  }
}

function describe(error: unknown): string {
  const code = (error as { code?: string; cause?: { code?: string } }).code ?? (error as { cause?: { code?: string } }).cause?.code;
  if (code === 'FORBIDDEN_DESTINATION') return 'forbidden_destination';
  if (
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError ||
    error instanceof errors.ConnectTimeoutError
  )
    return 'timeout';
  if ((error as Error).name === 'TimeoutError' || (error as Error).name === 'AbortError') return 'timeout';
  if (code === 'ECONNREFUSED') return 'connection_refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns_failure';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'connection_reset';
  if ((typeof code === 'string' && code.startsWith('ERR_TLS')) || code === 'DEPTH_ZERO_SELF_SIGNED_CERT' || code === 'CERT_HAS_EXPIRED')
    return 'tls_error';
  return 'connection_error';
}

/** The most of an answer read to keep its connection for the next delivery; a longer answer closes it. */
const READ_AT_MOST = 65_536;

/** The start of an answer's body as text (null when empty), read to its end when short enough. */
async function excerpt(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string | null> {
  const kept: Buffer[] = [];
  let keptBytes = 0;
  let read = 0;
  for await (const chunk of body) {
    if (keptBytes < RESPONSE_EXCERPT_BYTES) {
      const part = chunk.subarray(0, RESPONSE_EXCERPT_BYTES - keptBytes);
      kept.push(part);
      keptBytes += part.length;
    }
    read += chunk.length;
    if (read > READ_AT_MOST) {
      body.destroy();
      break;
    }
  }
  // A character cut at the end of the excerpt is dropped, not stored as a replacement character.
  const text = new TextDecoder('utf-8', { fatal: false }).decode(Buffer.concat(kept)).replace(/\uFFFD$/, '');
  // PostgreSQL text holds no NUL.
  return text.length > 0 ? text.replaceAll('\0', '') : null;
}
