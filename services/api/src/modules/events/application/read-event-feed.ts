import { setTimeout as sleep } from 'node:timers/promises';
import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Event } from '../domain/event';
import { type FeedCursor, formatFeedCursor, parseFeedCursor } from '../domain/feed-cursor';
import { EVENTS } from '../events.tokens';
import type { EventRepository } from './ports/event-repository';

/** How often a waiting reader looks again: events reach it within this much of becoming readable. */
export const FEED_POLL_MS = 200;

export interface FeedRead {
  events: Event[];
  nextCursor: string;
}

/**
 * The events of one account and mode in the order they become readable (`GET /v1/event_feed`), for
 * `pnpm cli listen`. A reader that passes back each answer's cursor sees every event exactly once.
 */
@injectable()
export class ReadEventFeed {
  constructor(@inject(EVENTS.EventRepository) private readonly events: EventRepository) {}

  async execute(scope: Scope, request: { cursor?: string; waitSeconds: number; limit: number }, signal: AbortSignal): Promise<FeedRead> {
    const cursor: FeedCursor = request.cursor ? parseFeedCursor(request.cursor) : await this.events.feedEnd();
    const deadline = Date.now() + request.waitSeconds * 1000;
    for (;;) {
      const found = await this.events.feedAfter(scope, cursor, request.limit);
      if (found.length > 0)
        return { events: found.map((item) => item.event), nextCursor: formatFeedCursor(found[found.length - 1].position) };
      if (Date.now() + FEED_POLL_MS > deadline || signal.aborted) return { events: [], nextCursor: formatFeedCursor(cursor) };
      await sleep(FEED_POLL_MS, undefined, { signal }).catch(() => undefined);
    }
  }
}
