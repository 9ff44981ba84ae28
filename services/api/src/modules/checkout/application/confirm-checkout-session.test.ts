import { describe, expect, it } from 'vitest';
import { ProcessorTimeout, SCOPE } from '../../payments/testing';
import { checkoutWorld } from './testing/world';

// The money rules of confirming a checkout as the shopper's page calls it, over fakes: the amount
// shown is the amount charged, a session is paid once however often it is confirmed, a declined card
// leaves it open and gives its discounts back, and a paid subscription session starts its subscription.

const MINUTE = 60_000;

/** A card token minted on `sessionId`, as the page holds it after tokenizing. */
async function token(world: ReturnType<typeof checkoutWorld>, sessionId: string, name: string): Promise<{ type: 'card'; token: string }> {
  await world.tokens.add(name, name, SCOPE, { sessionId, customerId: world.customer.id }, world.clock.now());
  return { type: 'card', token: name };
}

describe('confirming a checkout', () => {
  it('charges what the page showed, completes the session once, and answers the way back', async () => {
    const world = checkoutWorld();
    const session = await world.aSession();
    const outcome = await world.confirm.execute(session.id, await token(world, session.id, 'tok_1'), { expectedAmount: 10_000 });
    expect(outcome).toEqual({ status: 'succeeded', redirectUrl: `https://shop.example/thanks/${session.id}` });
    const stored = world.sessions.table.get(session.id)!;
    expect(stored).toMatchObject({ status: 'completed', chargeId: world.charges.table.all()[0].id });
    expect(world.effects.types()).toEqual(['charge.succeeded', 'checkout_session.completed']);

    // The same confirm again, or another card: the same answer, nothing charged.
    expect(await world.confirm.execute(session.id, await token(world, session.id, 'tok_2'))).toEqual(outcome);
    expect(world.processor.moved).toHaveLength(1);
  });

  it('charges nothing when the amount due changed since the page showed it', async () => {
    const world = checkoutWorld();
    const session = await world.aSession({ couponCodes: ['SPRING'] });
    await world.aDiscount('SPRING', 10);
    await expect(
      world.confirm.execute(session.id, await token(world, session.id, 'tok_1'), { expectedAmount: 10_000 }),
    ).rejects.toMatchObject({
      code: 'amount_changed',
    });
    expect(world.processor.calls).toEqual([]);
    const outcome = await world.confirm.execute(session.id, await token(world, session.id, 'tok_2'), { expectedAmount: 9_000 });
    expect(outcome.status).toBe('succeeded');
    expect(world.charges.table.all()[0].amount).toBe(9_000);
  });

  it('a declined card: the shopper reads why, the session stays open, the discount is given back; another card pays', async () => {
    const world = checkoutWorld();
    const session = await world.aSession({ couponCodes: ['ONCE'] });
    const rule = await world.aDiscount('ONCE', 10, 1);
    world.processor.cards.set('tok_bad', 'declined');
    const declined = await world.confirm.execute(session.id, await token(world, session.id, 'tok_bad'));
    expect(declined).toEqual({ status: 'failed', failure: { code: 'card_declined', message: expect.stringMatching(/declined/i) } });
    expect(world.sessions.table.get(session.id)!.status).toBe('pending');
    expect(world.rules.table.get(rule.id)!.timesRedeemed).toBe(0);

    expect((await world.confirm.execute(session.id, await token(world, session.id, 'tok_good'))).status).toBe('succeeded');
    expect(world.rules.table.get(rule.id)!.timesRedeemed).toBe(1);
    expect(world.charges.table.all().map((charge) => charge.status)).toEqual(['failed', 'succeeded']);
  });

  it('a discount used up by another checkout meanwhile refuses the payment instead of charging another amount', async () => {
    const world = checkoutWorld();
    const first = await world.aSession({ couponCodes: ['ONCE'] });
    const second = await world.aSession({ couponCodes: ['ONCE'] });
    const rule = await world.aDiscount('ONCE', 10, 1);
    await world.confirm.execute(first.id, await token(world, first.id, 'tok_1'));
    await expect(world.confirm.execute(second.id, await token(world, second.id, 'tok_2'), { expectedAmount: 9_000 })).rejects.toMatchObject(
      {
        code: 'amount_changed',
      },
    );
    expect(world.rules.table.get(rule.id)!.timesRedeemed).toBe(1);
    expect(world.processor.moved).toHaveLength(1);
  });

  it('a confirm after the session expired is refused and the expiry recorded, with nothing charged', async () => {
    const world = checkoutWorld();
    const session = await world.aSession();
    world.clock.advance(31 * MINUTE);
    await expect(world.confirm.execute(session.id, await token(world, session.id, 'tok_1'))).rejects.toMatchObject({
      code: 'session_not_pending',
    });
    expect(world.sessions.table.get(session.id)!.status).toBe('expired');
    expect(world.effects.types()).toEqual(['checkout_session.expired']);
    expect(world.processor.calls).toEqual([]);
  });

  it('a confirm whose answer was lost is joined by the next one, which finishes it: one charge', async () => {
    const world = checkoutWorld();
    const session = await world.aSession();
    world.processor.faults.set('authorize', ['lost_answer']);
    await expect(world.confirm.execute(session.id, await token(world, session.id, 'tok_1'))).rejects.toBeInstanceOf(ProcessorTimeout);
    expect(world.sessions.table.get(session.id)!.status).toBe('pending');
    // The shopper tries again after the attempt is stale: the same attempt, the same key.
    world.clock.advance(world.config.attemptStaleMs + 1);
    const outcome = await world.confirm.execute(session.id, await token(world, session.id, 'tok_1'));
    expect(outcome.status).toBe('succeeded');
    expect(world.processor.moved).toHaveLength(1);
    expect(world.charges.table.all()).toHaveLength(1);
    expect(world.sessions.table.get(session.id)!.status).toBe('completed');
  });

  it('a J5 hold takes a new card only, and holds the amount without completing a capture', async () => {
    const world = checkoutWorld();
    const session = await world.aSession({ captureMethod: 'manual' });
    await expect(world.confirm.execute(session.id, { type: 'saved_card', paymentMethod: 'pm_x' })).rejects.toMatchObject({
      code: 'saved_card_not_allowed',
    });
    await world.confirm.execute(session.id, await token(world, session.id, 'tok_1'));
    expect(world.charges.table.all()).toEqual([expect.objectContaining({ status: 'requires_capture', amount: 10_000 })]);
    expect(world.effects.documents).toEqual([]);
  });

  it('3-D Secure: the answer pays; the same answer again, after another run finished the payment, answers the same', async () => {
    const world = checkoutWorld();
    const session = await world.aSession();
    world.processor.cards.set('tok_3ds', 'challenge');
    const challenged = await world.confirm.execute(session.id, await token(world, session.id, 'tok_3ds'));
    expect(challenged).toEqual({ status: 'requires_action', challengeId: '3ds_tok_3ds' });
    // The answer reaches the processor, but its answer is lost; a later confirm finishes the payment.
    world.processor.faults.set('complete_challenge', ['lost_answer']);
    await expect(world.answerChallenge.execute(session.id, '3ds_tok_3ds', 'authenticated')).rejects.toBeInstanceOf(ProcessorTimeout);
    world.clock.advance(world.config.attemptStaleMs + 1);
    // Another card cannot join it; the page's repeated confirm with the same card finishes it.
    await expect(world.confirm.execute(session.id, await token(world, session.id, 'tok_other'))).rejects.toMatchObject({
      code: 'payment_in_progress',
    });
    expect((await world.confirm.execute(session.id, { type: 'card', token: 'tok_3ds' })).status).toBe('succeeded');

    const repeated = await world.answerChallenge.execute(session.id, '3ds_tok_3ds', 'authenticated');

    expect(repeated).toEqual({ status: 'succeeded', redirectUrl: `https://shop.example/thanks/${session.id}` });
    expect(world.processor.moved.map((call) => call.kind)).toEqual(['authorize', 'complete_challenge']);
    expect(world.charges.table.all()).toHaveLength(1);
  });

  it('3-D Secure: a repeated confirm with the card being challenged answers the same challenge; another card abandons it', async () => {
    const world = checkoutWorld();
    const session = await world.aSession();
    world.processor.cards.set('tok_3ds', 'challenge');
    const card = await token(world, session.id, 'tok_3ds');
    const first = await world.confirm.execute(session.id, card);
    expect(await world.confirm.execute(session.id, card)).toEqual(first);
    expect(first).toEqual({ status: 'requires_action', challengeId: '3ds_tok_3ds' });

    const other = await world.confirm.execute(session.id, await token(world, session.id, 'tok_ok'));
    expect(other.status).toBe('succeeded');
    expect(
      world.attempts.table
        .all()
        .map((attempt) => attempt.status)
        .sort(),
    ).toEqual(['abandoned', 'succeeded']);
  });

  it('a confirm with another card while a payment is in flight answers payment_in_progress and charges nothing', async () => {
    const world = checkoutWorld();
    const session = await world.aSession();
    world.processor.faults.set('authorize', ['lost_answer']);
    await expect(world.confirm.execute(session.id, await token(world, session.id, 'tok_first'))).rejects.toBeInstanceOf(ProcessorTimeout);

    await expect(world.confirm.execute(session.id, await token(world, session.id, 'tok_second'))).rejects.toMatchObject({
      code: 'payment_in_progress',
      param: 'payment_method',
    });
    expect(world.processor.moved.map((call) => call.kind)).toEqual(['authorize']);
    expect(world.attempts.table.all()).toHaveLength(1);
  });
});
