import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecordEvent } from '../src/modules/events/application/record-event';
import { PERSISTENCE } from '../src/platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../src/platform/persistence/unit-of-work';
import { newId } from '../src/shared/domain/ids';
import { rawRequest } from './support/contract';
import { chargeData, recordEvent } from './support/events';
import { startTestApp, type TestApp } from './support/harness';
import { sleep } from './support/receiver';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

async function feed(key: string, query: { cursor?: string; wait?: number; limit?: number } = {}) {
  const res = await app.client(key).GET('/v1/event_feed', { params: { query } });
  expect(res.response.status).toBe(200);
  return res.data!;
}

describe('GET /v1/event_feed', () => {
  it('pages through many events in small pages, each once and in the order recorded', async () => {
    const merchant = await app.createAccount();
    const scope = { accountId: merchant.id, livemode: false };
    let cursor = (await feed(merchant.testKey)).next_cursor;
    // Enough events, fifteen to a transaction, for their positions to gain a digit on the way (9 → 10,
    // 99 → 100: this is the file's first test, on a fresh database).
    const recorded: string[] = [];
    const { container, inContext } = app.services;
    for (let batch = 0; batch < 8; batch++) {
      await inContext(() =>
        container.get<UnitOfWork>(PERSISTENCE.UnitOfWork).run(async () => {
          for (let i = 0; i < 15; i++)
            recorded.push((await container.get(RecordEvent).execute(scope, 'charge.succeeded', chargeData())).id);
        }),
      );
    }
    const seen: string[] = [];
    for (;;) {
      const page = await feed(merchant.testKey, { cursor, limit: 7 });
      if (page.data.length === 0) break;
      seen.push(...page.data.map((event) => event.id));
      cursor = page.next_cursor;
    }
    expect(seen).toEqual(recorded);
  });

  it("starts at its end, then gives every later event of the key's account and mode once, oldest first", async () => {
    const merchant = await app.createAccount();
    const scope = { accountId: merchant.id, livemode: false };
    const before = await recordEvent(app, scope, 'charge.succeeded');

    const start = await feed(merchant.testKey);
    expect(start.data).toEqual([]);

    const first = await recordEvent(app, scope, 'charge.succeeded');
    const second = await recordEvent(app, scope, 'charge.failed', chargeData({ status: 'failed' }));
    await recordEvent(app, { ...scope, livemode: true }, 'charge.succeeded', chargeData({ livemode: true }));
    const stranger = await app.createAccount();
    await recordEvent(app, { accountId: stranger.id, livemode: false }, 'charge.succeeded');

    const page = await feed(merchant.testKey, { cursor: start.next_cursor });
    expect(page.data.map((event) => event.id)).toEqual([first.id, second.id]);
    expect(page.data.map((event) => event.id)).not.toContain(before.id);
    expect(page.data[1]).toMatchObject({ object: 'event', type: 'charge.failed', livemode: false, data: { status: 'failed' } });

    // The cursor moved past both: asking again gives nothing new, and a small limit pages through.
    expect((await feed(merchant.testKey, { cursor: page.next_cursor })).data).toEqual([]);
    const one = await feed(merchant.testKey, { cursor: start.next_cursor, limit: 1 });
    expect(one.data.map((event) => event.id)).toEqual([first.id]);
    expect((await feed(merchant.testKey, { cursor: one.next_cursor })).data.map((event) => event.id)).toEqual([second.id]);
  });

  it('never skips an event whose transaction commits after a later one', async () => {
    const merchant = await app.createAccount();
    const scope = { accountId: merchant.id, livemode: false };
    const start = await feed(merchant.testKey);

    const slow = new pg.Client({ connectionString: app.databaseUrl });
    await slow.connect();
    const slowId = newId('evt');
    try {
      await slow.query('begin');
      await slow.query(
        `insert into events (id, account_id, livemode, type, data, created_at) values ($1, $2, false, 'charge.succeeded', $3, now())`,
        [slowId, merchant.id, JSON.stringify(chargeData())],
      );
      const fast = await recordEvent(app, scope, 'charge.refunded');

      // The later event is committed, but the earlier transaction is still open: the feed waits for it.
      expect((await feed(merchant.testKey, { cursor: start.next_cursor })).data).toEqual([]);

      await slow.query('commit');
      const page = await feed(merchant.testKey, { cursor: start.next_cursor });
      expect(page.data.map((event) => event.id)).toEqual([slowId, fast.id]);
    } finally {
      await slow.end();
    }
  });

  it('holds a call with wait until an event is recorded', async () => {
    const merchant = await app.createAccount();
    const start = await feed(merchant.testKey);
    const waiting = feed(merchant.testKey, { cursor: start.next_cursor, wait: 20 });
    await sleep(300);
    const event = await recordEvent(app, { accountId: merchant.id, livemode: false }, 'charge.captured');
    const answer = await waiting;
    expect(answer.data.map((e) => e.id)).toEqual([event.id]);
  });

  it('answers an empty page with the same cursor when nothing happens within wait', async () => {
    const merchant = await app.createAccount();
    const start = await feed(merchant.testKey);
    const answer = await feed(merchant.testKey, { cursor: start.next_cursor, wait: 1 });
    expect(answer).toEqual({ success: true, data: [], next_cursor: start.next_cursor });
  });

  it.each([
    ['cursor=abc', 'cursor'],
    ['cursor=1.2.3', 'cursor'],
    ['wait=26', 'wait'],
    ['wait=-1', 'wait'],
  ])('refuses %s with 400 on the parameter', async (query, param) => {
    const merchant = await app.createAccount();
    const res = await rawRequest(`${app.baseUrl}/v1/event_feed?${query}`, { headers: { Authorization: `Bearer ${merchant.testKey}` } });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'parameter_invalid', param });
  });
});
