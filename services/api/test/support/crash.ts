import { expect } from 'vitest';
import type { TestApp } from './harness';

/** A POST to an API process started with a crash point (`TEST_FAULTS`), which it answers 500 as it dies there. */
export async function crashedCall(app: TestApp, path: string, body: unknown, key?: string, idempotencyKey?: string): Promise<void> {
  const res = await fetch(`${app.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(key ? { Authorization: `Bearer ${key}` } : {}),
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
    },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(500);
}
