import { describe, expect, it } from 'vitest';
import { ProcessorTimeout } from '../../payments/testing';
import { renewalsWorld } from './testing/world';

// The money rules of renewals, over fakes: each period is charged once, a declined card is retried
// on days 1, 3 and 5 after the first failure and the subscription canceled after the last, and the
// renewal run repeated, crashed or raced never charges a period twice.

const DAY = 24 * 3600_000;

describe('renewing a subscription', () => {
  it('charges the next period once when it is due, with its document, and moves the period on', async () => {
    const world = renewalsWorld();
    const sub = await world.aSubscription();
    expect(await world.advance.execute(sub.id, world.clock.now())).toBe(0);
    world.clock.advance(30 * DAY); // June has 30 days: the first period ends now

    expect(await world.advance.execute(sub.id, world.clock.now())).toBe(1);
    expect(await world.advance.execute(sub.id, world.clock.now())).toBe(0);

    const renewed = world.subscriptions.table.get(sub.id)!;
    expect(renewed).toMatchObject({ status: 'active', periodIndex: 1 });
    expect(renewed.currentPeriodStart.getTime()).toBe(sub.currentPeriodEnd.getTime());
    expect(world.processor.moved).toEqual([{ kind: 'authorize', idempotencyKey: expect.any(String), amount: 4_900 }]);
    expect(world.charges.table.all()).toEqual([
      expect.objectContaining({ status: 'succeeded', subscriptionId: sub.id, subscriptionPeriod: 1 }),
    ]);
    expect(world.effects.documents).toHaveLength(1);
    expect(world.effects.types()).toEqual(['charge.succeeded', 'subscription.updated']);
  });

  it('catches up on every period missed, one charge each', async () => {
    const world = renewalsWorld();
    const sub = await world.aSubscription();
    world.clock.advance(95 * DAY);
    expect(await world.advance.execute(sub.id, world.clock.now())).toBe(3);
    expect(world.subscriptions.table.get(sub.id)!.periodIndex).toBe(3);
    expect(world.charges.table.all().map((charge) => charge.subscriptionPeriod)).toEqual([1, 2, 3]);
  });

  it('a soft-declined renewal: past_due with a dunning email, retried on days 1, 3 and 5, then canceled', async () => {
    const world = renewalsWorld();
    const sub = await world.aSubscription('short_of_funds');
    world.clock.advance(30 * DAY); // June has 30 days: the first period ends now
    const due = world.clock.now();
    await world.advance.execute(sub.id, due);
    expect(world.subscriptions.table.get(sub.id)).toMatchObject({ status: 'past_due', failedAttempts: 1 });
    expect(world.charges.table.all()).toEqual([
      expect.objectContaining({ failureKind: 'soft', nextRetryAt: new Date(due.getTime() + DAY) }),
    ]);
    expect(world.effects.types()).toEqual(['charge.failed', 'subscription.past_due']);
    expect(world.effects.emails.map((email) => email.kind)).toEqual(['dunning']);

    // Not before its retry day.
    expect(await world.advance.execute(sub.id, new Date(due.getTime() + DAY - 1))).toBe(0);
    for (const day of [1, 3, 5]) await world.advance.execute(sub.id, new Date(due.getTime() + day * DAY));

    expect(world.subscriptions.table.get(sub.id)).toMatchObject({ status: 'canceled', failedAttempts: 4 });
    expect(world.charges.table.all().map((charge) => charge.status)).toEqual(['failed', 'failed', 'failed', 'failed']);
    expect(world.effects.emails.map((email) => email.kind)).toEqual(['dunning', 'dunning', 'dunning']);
    expect(world.effects.types().at(-1)).toBe('subscription.canceled');
    expect(await world.advance.execute(sub.id, new Date(due.getTime() + 60 * DAY))).toBe(0);
  });

  it('a hard-declined renewal is not retried: the charge says so, and the subscription ends on the last day unless a new card comes', async () => {
    const world = renewalsWorld();
    const sub = await world.aSubscription('declined');
    world.clock.advance(30 * DAY);
    const due = world.clock.now();
    await world.advance.execute(sub.id, due);
    expect(world.subscriptions.table.get(sub.id)).toMatchObject({ status: 'past_due', nextRetryAt: null });
    expect(world.charges.table.all()).toEqual([expect.objectContaining({ status: 'failed', failureKind: 'hard', nextRetryAt: null })]);
    expect(world.effects.emails.map((email) => email.kind)).toEqual(['dunning']);
    for (const day of [1, 3]) expect(await world.advance.execute(sub.id, new Date(due.getTime() + day * DAY))).toBe(0);
    expect(await world.advance.execute(sub.id, new Date(due.getTime() + 5 * DAY))).toBe(1);
    expect(world.subscriptions.table.get(sub.id)).toMatchObject({ status: 'canceled' });
    expect(world.charges.table.all()).toHaveLength(1);
    expect(world.effects.types().at(-1)).toBe('subscription.canceled');
  });

  it('a retry that succeeds puts the subscription back to active, dunning cleared', async () => {
    const world = renewalsWorld();
    const sub = await world.aSubscription('short_of_funds');
    world.clock.advance(30 * DAY); // June has 30 days: the first period ends now
    await world.advance.execute(sub.id, world.clock.now());
    world.processor.cards.set(world.methods.table.get(sub.paymentMethodId)!.processorRef, 'ok');
    await world.advance.execute(sub.id, new Date(world.clock.now().getTime() + DAY));
    expect(world.subscriptions.table.get(sub.id)).toMatchObject({ status: 'active', failedAttempts: 0, nextRetryAt: null, periodIndex: 1 });
  });

  it('a processor that does not answer: nothing recorded, the period still due; the next run asks with the same key, the money moves once', async () => {
    const world = renewalsWorld();
    const sub = await world.aSubscription();
    world.clock.advance(30 * DAY); // June has 30 days: the first period ends now
    world.processor.faults.set('authorize', ['lost_answer']);
    await expect(world.advance.execute(sub.id, world.clock.now())).rejects.toBeInstanceOf(ProcessorTimeout);
    expect(world.subscriptions.table.get(sub.id)!.periodIndex).toBe(0);
    expect(world.charges.table.all()).toEqual([]);

    await world.advance.execute(sub.id, world.clock.now());

    const [first, second] = world.processor.calls;
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
    expect(world.processor.moved).toHaveLength(1);
    expect(world.charges.table.all()).toHaveLength(1);
    expect(world.subscriptions.table.get(sub.id)!.periodIndex).toBe(1);
  });

  it('a batch renews each due subscription once, and leaves one another worker holds to it', async () => {
    const world = renewalsWorld();
    const subs = [await world.aSubscription(), await world.aSubscription('declined'), await world.aSubscription()];
    world.clock.advance(30 * DAY); // June has 30 days: the first period ends now
    world.subscriptions.heldElsewhere.add(subs[2].id);

    await world.advance.executeMany(
      subs.map((sub) => sub.id),
      world.clock.now(),
    );

    expect(subs.map((sub) => world.subscriptions.table.get(sub.id)!.status)).toEqual(['active', 'past_due', 'active']);
    expect(subs.map((sub) => world.subscriptions.table.get(sub.id)!.periodIndex)).toEqual([1, 0, 0]);
    // The held one's charge was asked (its key makes the other worker's call the same one) but not recorded here.
    expect(world.charges.table.all().map((charge) => charge.subscriptionId)).toEqual([subs[0].id, subs[1].id]);
    world.subscriptions.heldElsewhere.clear();
    await world.advance.execute(subs[2].id, world.clock.now());
    expect(world.processor.moved.filter((call) => call.kind === 'authorize')).toHaveLength(3);
    expect(world.subscriptions.table.get(subs[2].id)!.periodIndex).toBe(1);
  });

  it('a trial ends with its first charge, after a trial_will_end notice three days before', async () => {
    const world = renewalsWorld();
    const sub = await world.aSubscription('ok', 14);
    world.clock.advance(11 * DAY);
    expect(await world.advance.execute(sub.id, world.clock.now())).toBe(1);
    expect(world.effects.types()).toEqual(['subscription.trial_will_end']);
    expect(world.charges.table.all()).toEqual([]);
    world.clock.advance(3 * DAY);
    await world.advance.execute(sub.id, world.clock.now());
    expect(world.charges.table.all()).toEqual([expect.objectContaining({ amount: 4_900, subscriptionPeriod: 0 })]);
    expect(world.subscriptions.table.get(sub.id)!.periodIndex).toBe(0);
  });
});
