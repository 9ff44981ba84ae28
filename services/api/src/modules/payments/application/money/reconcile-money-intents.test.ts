import { describe, expect, it } from 'vitest';
import { INTENT_KINDS, type IntentKind } from '../../../../shared/domain/money-intent';
import { MovableClock } from '../../../../testing/movable-clock';
import type { PendingIntent } from '../ports/payment-repositories';
import { type IntentFinisher, ReconcileMoneyIntents } from './reconcile-money-intents';

const NOW = new Date('2026-12-01T10:00:00Z');
const SETTINGS = { attemptStaleMs: 60_000 } as never;

/** A module's finisher that notes what it was handed, and fails for the ids it is told to. */
function finisherOf(kinds: IntentKind[], failing: string[] = []) {
  const finished: string[] = [];
  const finisher: IntentFinisher = {
    kinds,
    async finish(intent) {
      if (failing.includes(intent.id)) throw new Error(`cannot finish ${intent.id}`);
      finished.push(intent.id);
    },
  };
  return { finisher, finished };
}

function reconcilerOver(pending: PendingIntent[], finishers: IntentFinisher[]) {
  const asked: Date[] = [];
  const intents = {
    async pendingSince(before: Date, limit: number) {
      asked.push(before);
      return pending.slice(0, limit);
    },
  };
  return { reconciler: new ReconcileMoneyIntents(intents, finishers, SETTINGS, new MovableClock(NOW)), asked };
}

describe('the reconciler of money intents', () => {
  it('hands each intent left in flight to its kind’s finisher, and counts them by kind', async () => {
    const checkout = finisherOf(['checkout_payment']);
    const operations = finisherOf(['capture', 'cancel', 'refund']);
    const subscriptions = finisherOf(['subscription_start', 'subscription_change']);
    const { reconciler, asked } = reconcilerOver(
      [
        { id: 'pa_1', kind: 'checkout_payment', subjectId: 'cs_1' },
        { id: 'op_1', kind: 'refund', subjectId: 'ch_1' },
        { id: 'op_2', kind: 'capture', subjectId: 'ch_2' },
        { id: 'ss_1', kind: 'subscription_start', subjectId: 'sub_1' },
      ],
      [checkout.finisher, operations.finisher, subscriptions.finisher],
    );

    const done = await reconciler.execute();

    expect(asked).toEqual([new Date(NOW.getTime() - 60_000)]);
    expect(checkout.finished).toEqual(['pa_1']);
    expect(operations.finished).toEqual(['op_1', 'op_2']);
    expect(subscriptions.finished).toEqual(['ss_1']);
    expect(Object.fromEntries(done)).toEqual({ checkout_payment: 1, refund: 1, capture: 1, subscription_start: 1 });
  });

  it('finishes the others when one cannot be finished, then reports the failure', async () => {
    const all = finisherOf([...INTENT_KINDS], ['op_1']);
    const { reconciler } = reconcilerOver(
      [
        { id: 'op_1', kind: 'refund', subjectId: 'ch_1' },
        { id: 'pa_1', kind: 'checkout_payment', subjectId: 'cs_1' },
      ],
      [all.finisher],
    );
    await expect(reconciler.execute()).rejects.toThrow(/cannot finish op_1/);
    expect(all.finished).toEqual(['pa_1']);
  });

  it('is refused when a kind has no finisher, or two', () => {
    const some = finisherOf(['checkout_payment', 'capture', 'cancel', 'refund']);
    expect(() => reconcilerOver([], [some.finisher])).toThrow(
      /no finisher is bound for money intents of kind subscription_start, subscription_change/,
    );
    const twice = finisherOf(['refund']);
    expect(() => reconcilerOver([], [finisherOf([...INTENT_KINDS]).finisher, twice.finisher])).toThrow(/two finishers .* refund/);
  });
});
