import { describe, expect, it } from 'vitest';
import { ProcessorTimeout } from './ports/card-processor';
import { aCardPayment, paymentsWorld, type PaymentsWorld } from './testing/world';
import type { NewAttemptRequest } from '../domain/payment-attempt';

// The money rules of paying a checkout (the payments side of confirm), over fakes: the attempt is
// committed before the processor is asked, the processor's answer is recorded once, and a session is
// paid at most once whatever is repeated.

/** Confirm as checkout runs it: intend (in the caller's unit of work), then call and record through the driver. */
async function confirm(world: PaymentsWorld, payment: NewAttemptRequest) {
  const ticket = await world.uow.run(() => world.start.execute(payment));
  let recorded = false;
  const outcome = await world.settle.execute(ticket, async (payment) => {
    recorded = payment.recorded;
  });
  return { ticket: { attemptId: ticket.attemptId, fresh: ticket.fresh }, outcome, recorded };
}

describe('paying a checkout', () => {
  it('a good card: one authorization, one charge with its document and receipt, the attempt succeeded', async () => {
    const world = paymentsWorld();
    const { outcome, recorded } = await confirm(world, await aCardPayment(world, 'tok_good'));
    expect(recorded).toBe(true);
    expect(outcome).toMatchObject({ status: 'succeeded' });
    expect(world.charges.table.all()).toEqual([expect.objectContaining({ status: 'succeeded', amount: 10_000, documentId: 'doc_1' })]);
    expect(world.effects.types()).toEqual(['charge.succeeded']);
    expect(world.effects.emails.map((email) => email.kind)).toEqual(['receipt']);
    expect(world.processor.moved.map((call) => call.kind)).toEqual(['authorize']);
  });

  it('a repeated confirm of a paid session joins its attempt and records nothing more', async () => {
    const world = paymentsWorld();
    const payment = await aCardPayment(world, 'tok_good');
    const first = await confirm(world, payment);
    const again = await confirm(world, payment);
    expect(again.ticket).toEqual({ attemptId: first.ticket.attemptId, fresh: false });
    expect(again.recorded).toBe(false);
    expect(world.charges.table.all()).toHaveLength(1);
    expect(world.processor.moved).toHaveLength(1);
  });

  it('a declined card: a failed charge, the attempt failed, and the session can be paid by another card', async () => {
    const world = paymentsWorld();
    world.processor.cards.set('tok_bad', 'declined');
    const declined = await confirm(world, await aCardPayment(world, 'tok_bad'));
    expect(declined.outcome).toMatchObject({ status: 'failed', code: 'card_declined' });
    expect(world.charges.table.all()).toEqual([expect.objectContaining({ status: 'failed', failureCode: 'card_declined' })]);
    expect(world.effects.documents).toEqual([]);
    const paid = await confirm(world, await aCardPayment(world, 'tok_good'));
    expect(paid.outcome).toMatchObject({ status: 'succeeded' });
    expect(world.effects.types()).toEqual(['charge.failed', 'charge.succeeded']);
  });

  it('a card token pays one attempt: a second session cannot use it', async () => {
    const world = paymentsWorld();
    const payment = await aCardPayment(world, 'tok_once');
    await confirm(world, payment);
    await expect(world.uow.run(() => world.start.execute({ ...payment, sessionId: 'cs_other' }))).rejects.toMatchObject({
      code: 'token_not_found',
    });
  });

  it('3-D Secure: the attempt waits for the shopper; paying again abandons it and starts another', async () => {
    const world = paymentsWorld();
    world.processor.cards.set('tok_3ds', 'challenge');
    const challenged = await confirm(world, await aCardPayment(world, 'tok_3ds'));
    expect(challenged.outcome).toMatchObject({ status: 'requires_action', challengeId: '3ds_tok_3ds' });
    expect(world.charges.table.all()).toEqual([]);
    const paid = await confirm(world, await aCardPayment(world, 'tok_good'));
    expect(paid.ticket.fresh).toBe(true);
    expect(world.attempts.table.get(challenged.ticket.attemptId)!.status).toBe('abandoned');
    expect(world.charges.table.all()).toHaveLength(1);
  });

  it('a processor that answers too late: the attempt stays in flight; its repeat asks with the same key and the money moves once', async () => {
    const world = paymentsWorld();
    world.processor.faults.set('authorize', ['lost_answer']);
    const payment = await aCardPayment(world, 'tok_good');
    const ticket = await world.uow.run(() => world.start.execute(payment));
    await expect(world.settle.execute(ticket, async () => {})).rejects.toBeInstanceOf(ProcessorTimeout);
    expect(world.attempts.table.get(ticket.attemptId)!.status).toBe('pending');
    expect(world.charges.table.all()).toEqual([]);

    // The repeat waits for the attempt in flight until its request is taken to have died, then finishes it.
    world.clock.advance(world.config.attemptStaleMs);
    const repeat = await confirm(world, payment);

    expect(repeat.ticket).toEqual({ attemptId: ticket.attemptId, fresh: false });
    expect(repeat.outcome).toMatchObject({ status: 'succeeded' });
    expect(world.processor.calls.map((call) => call.idempotencyKey)).toEqual([
      world.attempts.table.get(ticket.attemptId)!.idempotencyKey,
      world.attempts.table.get(ticket.attemptId)!.idempotencyKey,
    ]);
    expect(world.processor.moved).toHaveLength(1);
    expect(world.charges.table.all()).toHaveLength(1);
  });

  it('a record that fails after the processor answered rolls back whole; settling again asks with the same key and writes one charge', async () => {
    const world = paymentsWorld();
    const payment = await aCardPayment(world, 'tok_good');
    const ticket = await world.uow.run(() => world.start.execute(payment));
    await expect(
      world.settle.execute(ticket, async () => {
        throw new Error('the process died before the commit');
      }),
    ).rejects.toThrow('died');
    expect(world.charges.table.all()).toEqual([]);
    expect(world.attempts.table.get(ticket.attemptId)!.status).toBe('pending');
    expect(world.effects.events).toEqual([]);
    expect(world.effects.documents).toEqual([]);
    expect(world.effects.emails).toEqual([]);

    // As the reconciler settles it: by the attempt's id alone, read back.
    let recorded = false;
    await world.settle.execute({ attemptId: ticket.attemptId, fresh: true }, async (again) => {
      recorded = again.recorded;
    });
    expect(recorded).toBe(true);
    expect(world.processor.moved).toHaveLength(1);
    expect(world.charges.table.all()).toHaveLength(1);
    expect(world.effects.types()).toEqual(['charge.succeeded']);
    expect(world.effects.documents).toHaveLength(1);
  });

  it('an attempt is started and recorded only inside the unit of work of what it pays for', async () => {
    const world = paymentsWorld();
    const payment = await aCardPayment(world, 'tok_good');
    await expect(world.start.execute(payment)).rejects.toThrow(/inside the unit of work/);
    const ticket = await world.uow.run(() => world.start.execute(payment));
    const declined = { status: 'declined', code: 'card_declined', soft: false, card: null } as const;
    await expect(world.record.execute(ticket.attemptId, declined)).rejects.toThrow(/inside/);
  });
});
