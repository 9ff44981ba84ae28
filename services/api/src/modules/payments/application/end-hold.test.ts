import { describe, expect, it } from 'vitest';
import { ProcessorTimeout } from './ports/card-processor';
import { aHold, paymentsWorld, SCOPE } from './testing/world';

// The money rules of capturing and releasing a J5 hold, over fakes (no database): what the merchant
// is answered, what the processor is asked, and what is written.

const DAY = 24 * 3600_000;

describe('capturing a hold', () => {
  it('captures in full once: the processor takes the hold, the charge succeeds, with its document, receipt and charge.captured', async () => {
    const world = paymentsWorld();
    const hold = await aHold(world);
    expect(world.effects.types()).toEqual(['charge.authorized']);
    expect(world.effects.documents).toHaveLength(0);

    const captured = await world.capture.execute(SCOPE, hold.id);

    expect(captured).toMatchObject({ status: 'succeeded', amountCaptured: 10_000, documentId: 'doc_1' });
    expect(world.processor.moved).toEqual([{ kind: 'capture', idempotencyKey: expect.any(String), amount: 10_000 }]);
    expect(world.effects.types()).toEqual(['charge.authorized', 'charge.captured']);
    expect(world.effects.documents).toEqual([expect.objectContaining({ kind: 'sale', chargeId: hold.id })]);
    expect(world.effects.emails).toEqual([{ key: `receipt:${hold.id}`, kind: 'receipt' }]);
    expect(world.charges.table.get(hold.id)).toMatchObject({ status: 'succeeded', amountCaptured: 10_000 });
    expect(world.operations.table.all()).toEqual([expect.objectContaining({ kind: 'capture', status: 'succeeded' })]);
  });

  it('captures in part: the document is for what was taken, the rest is released', async () => {
    const world = paymentsWorld();
    const hold = await aHold(world);
    const captured = await world.capture.execute(SCOPE, hold.id, 6_000);
    expect(captured).toMatchObject({ amountCaptured: 6_000, status: 'succeeded' });
    expect(world.processor.moved.map((call) => call.amount)).toEqual([6_000]);
    const lines = world.effects.documents[0].lines;
    expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(6_000);
  });

  it('refuses a second capture, a capture above the hold and a capture after a cancel, moving no money', async () => {
    const world = paymentsWorld();
    const hold = await aHold(world);
    await expect(world.capture.execute(SCOPE, hold.id, 10_001)).rejects.toMatchObject({ code: 'amount_too_large' });
    await world.capture.execute(SCOPE, hold.id);
    await expect(world.capture.execute(SCOPE, hold.id)).rejects.toMatchObject({ code: 'charge_not_capturable' });
    const other = await aHold(world);
    await world.cancel.execute(SCOPE, other.id);
    await expect(world.capture.execute(SCOPE, other.id)).rejects.toMatchObject({ code: 'charge_not_capturable' });
    expect(world.processor.moved.map((call) => call.kind)).toEqual(['capture', 'void']);
  });

  it('a hold of another account or mode is unknown', async () => {
    const world = paymentsWorld();
    const hold = await aHold(world);
    await expect(world.capture.execute({ ...SCOPE, accountId: 'acct_other' }, hold.id)).rejects.toMatchObject({ code: 'resource_missing' });
    await expect(world.capture.execute({ ...SCOPE, livemode: true }, hold.id)).rejects.toMatchObject({ code: 'resource_missing' });
    expect(world.processor.calls).toEqual([]);
  });

  it('after its window, a capture releases the hold as expired and answers charge_expired', async () => {
    const world = paymentsWorld();
    const hold = await aHold(world);
    world.clock.advance(7 * DAY);
    await expect(world.capture.execute(SCOPE, hold.id)).rejects.toMatchObject({ code: 'charge_expired' });
    expect(world.charges.table.get(hold.id)).toMatchObject({ status: 'canceled', cancellationReason: 'expired' });
    expect(world.processor.moved.map((call) => call.kind)).toEqual(['void']);
    expect(world.effects.types()).toEqual(['charge.authorized', 'charge.canceled']);
  });

  it('a processor that does not answer leaves the capture under way; the repeat finishes it, the money moved once', async () => {
    const world = paymentsWorld();
    const hold = await aHold(world);
    world.processor.faults.set('capture', ['lost_answer']);
    await expect(world.capture.execute(SCOPE, hold.id)).rejects.toBeInstanceOf(ProcessorTimeout);
    expect(world.charges.table.get(hold.id)!.status).toBe('requires_capture');
    expect(world.operations.table.all()).toEqual([expect.objectContaining({ kind: 'capture', status: 'pending' })]);

    const captured = await world.capture.execute(SCOPE, hold.id);

    expect(captured.status).toBe('succeeded');
    expect(world.processor.calls.map((call) => call.kind)).toEqual(['capture', 'capture']);
    expect(world.processor.moved).toHaveLength(1);
    expect(world.effects.types().filter((type) => type === 'charge.captured')).toHaveLength(1);
    expect(world.effects.documents).toHaveLength(1);
  });

  it('a capture retried with its Idempotency-Key after another run finished it answers the captured charge', async () => {
    const world = paymentsWorld();
    const hold = await aHold(world);
    world.processor.faults.set('capture', ['lost_answer']);
    await expect(world.capture.execute(SCOPE, hold.id, undefined, 'key-1')).rejects.toBeInstanceOf(ProcessorTimeout);
    // The reconciler finishes the capture under way.
    await world.finish.executeMany(world.operations.table.all());
    expect(world.charges.table.get(hold.id)!.status).toBe('succeeded');

    const retried = await world.capture.execute(SCOPE, hold.id, undefined, 'key-1');

    expect(retried).toMatchObject({ status: 'succeeded', amountCaptured: 10_000 });
    expect(world.processor.moved).toHaveLength(1);
    expect(world.effects.types().filter((type) => type === 'charge.captured')).toHaveLength(1);
    // Another key asks for another capture, which the captured charge refuses.
    await expect(world.capture.execute(SCOPE, hold.id, undefined, 'key-2')).rejects.toMatchObject({ code: 'charge_not_capturable' });
  });

  it('a cancel retried with its Idempotency-Key after it finished answers the released hold', async () => {
    const world = paymentsWorld();
    const hold = await aHold(world);
    await world.cancel.execute(SCOPE, hold.id, 'abandoned', 'key-1');
    const retried = await world.cancel.execute(SCOPE, hold.id, 'abandoned', 'key-1');
    expect(retried).toMatchObject({ status: 'canceled', cancellationReason: 'abandoned' });
    expect(world.processor.moved.map((call) => call.kind)).toEqual(['void']);
    await expect(world.cancel.execute(SCOPE, hold.id, 'abandoned')).rejects.toMatchObject({ code: 'charge_not_capturable' });
  });

  it('a capture of another amount while one is under way is refused', async () => {
    const world = paymentsWorld();
    const hold = await aHold(world);
    world.processor.faults.set('capture', ['timeout']);
    await expect(world.capture.execute(SCOPE, hold.id, 4_000)).rejects.toBeInstanceOf(ProcessorTimeout);
    await expect(world.capture.execute(SCOPE, hold.id, 5_000)).rejects.toMatchObject({ code: 'charge_not_capturable' });
    expect(world.processor.moved).toEqual([]);
  });

  it('a processor that refuses the capture for good: the operation fails, the hold stays, and may be released after', async () => {
    const world = paymentsWorld();
    const hold = await aHold(world);
    world.processor.faults.set('capture', ['refuse']);
    await expect(world.capture.execute(SCOPE, hold.id)).rejects.toMatchObject({ code: 'charge_not_capturable' });
    expect(world.operations.table.all()).toEqual([expect.objectContaining({ kind: 'capture', status: 'failed' })]);
    expect(world.charges.table.get(hold.id)!.status).toBe('requires_capture');
    await world.cancel.execute(SCOPE, hold.id);
    expect(world.charges.table.get(hold.id)!.status).toBe('canceled');
  });

  it('a sale is not capturable', async () => {
    const world = paymentsWorld();
    const hold = await aHold(world, { captureMethod: 'automatic' });
    await expect(world.capture.execute(SCOPE, hold.id)).rejects.toMatchObject({ code: 'charge_not_capturable' });
    expect(world.processor.calls).toEqual([]);
  });
});

describe('releasing a hold', () => {
  it('releases once, with charge.canceled and no document', async () => {
    const world = paymentsWorld();
    const hold = await aHold(world);
    const canceled = await world.cancel.execute(SCOPE, hold.id);
    expect(canceled).toMatchObject({ status: 'canceled', cancellationReason: 'requested_by_customer' });
    await expect(world.cancel.execute(SCOPE, hold.id)).rejects.toMatchObject({ code: 'charge_not_capturable' });
    expect(world.processor.moved.map((call) => call.kind)).toEqual(['void']);
    expect(world.effects.types()).toEqual(['charge.authorized', 'charge.canceled']);
    expect(world.effects.documents).toEqual([]);
  });

  it('the expiry sweep releases every hold past its window once, and leaves the others', async () => {
    const world = paymentsWorld();
    const old = [await aHold(world), await aHold(world)];
    world.clock.advance(3 * DAY);
    const fresh = await aHold(world);
    world.clock.advance(4 * DAY + 1);
    const { found, operations } = await world.endHold.startExpiries(world.clock.now(), 10);
    expect(found).toBe(2);
    await world.finish.executeMany(operations);
    const again = await world.endHold.startExpiries(world.clock.now(), 10);
    expect(again.found).toBe(0);
    expect(old.map((hold) => world.charges.table.get(hold.id)!.status)).toEqual(['canceled', 'canceled']);
    expect(world.charges.table.get(fresh.id)!.status).toBe('requires_capture');
    expect(world.processor.moved.map((call) => call.kind)).toEqual(['void', 'void']);
  });
});
