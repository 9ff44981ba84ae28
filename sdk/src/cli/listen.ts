import { createHmac } from 'node:crypto';
import type { KupaClient } from '../index';
import { generateTestHeaders, type KupaEventType } from '../webhooks';

type Log = (line: string) => void;

export interface ListenOptions {
  api: KupaClient;
  apiKey: string;
  forwardTo: string;
  /** Only these types are forwarded; all when absent. */
  events?: KupaEventType[];
  log: Log;
  signal: AbortSignal;
  /** Called once the feed is open, with the session's signing secret. */
  onReady(secret: string): void;
}

/** Seconds each feed call waits for an event (the API's maximum is 25). */
const WAIT_SECONDS = 20;
const FORWARD_TIMEOUT_MS = 10_000;

/**
 * The signing secret of `listen` for this key: the same every time the key listens, so a handler
 * configured once keeps working across restarts, and useless without the key.
 */
export function listenSecret(apiKey: string): string {
  return `whsec_${createHmac('sha256', apiKey).update('kupa listen signing secret').digest('base64')}`;
}

const clock = () => new Date().toTimeString().slice(0, 8);

async function forward(url: string, body: string, secret: string): Promise<string> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      method: 'POST',
      body,
      headers: generateTestHeaders(body, secret),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    await response.body?.cancel();
    return `[${response.status}] ${Math.round(performance.now() - started)} ms`;
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
    return `failed (${cause}) ${Math.round(performance.now() - started)} ms`;
  }
}

/**
 * Follows the account's event feed (`GET /v1/event_feed`, long polling) and POSTs each event to
 * `forwardTo`, signed as the service signs webhooks. The feed's cursor only moves past events that were
 * forwarded, so a lost connection resumes where it stopped: nothing is skipped or repeated.
 */
export async function listen(options: ListenOptions): Promise<void> {
  const { api, log, signal } = options;
  const secret = listenSecret(options.apiKey);
  let cursor: string | undefined;
  let lost = false;
  while (!signal.aborted) {
    let answer;
    try {
      answer = await api.GET('/v1/event_feed', { params: { query: { cursor, wait: cursor ? WAIT_SECONDS : 0, limit: 100 } }, signal });
    } catch (error) {
      if (signal.aborted) return;
      if (cursor === undefined) throw error;
      if (!lost)
        log(
          `${clock()}  lost the connection to the API (${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message}); reconnecting…`,
        );
      lost = true;
      await new Promise((resolve) => setTimeout(resolve, 1000));
      continue;
    }
    if (answer.error)
      throw Object.assign(new Error(answer.error.error.message), { code: answer.error.error.code, status: answer.response.status });
    if (lost) log(`${clock()}  reconnected`);
    lost = false;
    if (cursor === undefined) options.onReady(secret);
    for (const event of answer.data.data) {
      if (options.events && !options.events.includes(event.type as KupaEventType)) continue;
      const result = await forward(options.forwardTo, JSON.stringify(event), secret);
      log(`${clock()}  --> ${event.type} [${event.id}]  <-- ${result}`);
    }
    cursor = answer.data.next_cursor;
  }
}
