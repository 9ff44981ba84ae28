import { describe, expect, it } from 'vitest';
import { ProcessorTimeout } from './ports/card-processor';
import { aCharge, aHold, paymentsWorld, SCOPE } from './testing/world';

// The money rules of refunds, over fakes: never more than was taken, each with its credit document,
// and a retried request never refunds twice.

describe('refunding a charge', () => {
  it('refunds in part, then the rest: each a refund, a credit document and charge.refunded; then nothing is left', async () => {
    const world = paymentsWorld();
    const sale = await aCharge(world);
    const first = await world.refund.execute(SCOPE, sale.id, { amount: 3_000 });
    const rest = await world.refund.execute(SCOPE, sale.id, {});
    expect([first.amount, rest.amount]).toEqual([3_000, 7_000]);
    expect(world.charges.table.get(sale.id)).toMatchObject({ amountRefunded: 10_000 });
    expect(world.processor.moved.map((call) => [call.kind, call.amount])).toEqual([
      ['refund', 3_000],
      ['refund', 7_000],
    ]);
    expect(world.effects.documents.filter((doc) => doc.kind === 'refund').map((doc) => doc.refundId)).toEqual([first.id, rest.id]);
    expect(world.effects.types().filter((type) => type === 'charge.refunded')).toHaveLength(2);
    await expect(world.refund.execute(SCOPE, sale.id, {})).rejects.toMatchObject({ code: 'charge_not_refundable' });
  });

  it('refuses more than is left, and a hold not captured, moving no money', async () => {
    const world = paymentsWorld();
    const sale = await aCharge(world);
    await world.refund.execute(SCOPE, sale.id, { amount: 6_000 });
    await expect(world.refund.execute(SCOPE, sale.id, { amount: 4_001 })).rejects.toMatchObject({ code: 'amount_too_large' });
    const hold = await aHold(world);
    await expect(world.refund.execute(SCOPE, hold.id, {})).rejects.toMatchObject({ code: 'charge_not_refundable' });
    expect(world.processor.moved).toHaveLength(1);
    expect(world.charges.table.get(sale.id)!.amountRefunded).toBe(6_000);
  });

  it('refunds a partial capture up to what was captured', async () => {
    const world = paymentsWorld();
    const hold = await aHold(world);
    await world.capture.execute(SCOPE, hold.id, 2_500);
    await expect(world.refund.execute(SCOPE, hold.id, { amount: 2_501 })).rejects.toMatchObject({ code: 'amount_too_large' });
    expect((await world.refund.execute(SCOPE, hold.id, {})).amount).toBe(2_500);
  });

  it('a request repeated with its Idempotency-Key answers the same refund, even after the answer was lost', async () => {
    const world = paymentsWorld();
    const sale = await aCharge(world);
    world.processor.faults.set('refund', ['lost_answer']);
    await expect(world.refund.execute(SCOPE, sale.id, { amount: 4_000 }, 'key-1')).rejects.toBeInstanceOf(ProcessorTimeout);
    const again = await world.refund.execute(SCOPE, sale.id, { amount: 4_000 }, 'key-1');
    const third = await world.refund.execute(SCOPE, sale.id, { amount: 4_000 }, 'key-1');
    expect(third.id).toBe(again.id);
    expect(world.refunds.table.all()).toHaveLength(1);
    expect(world.processor.moved).toHaveLength(1);
    expect(world.charges.table.get(sale.id)!.amountRefunded).toBe(4_000);
    // Another key is another refund.
    await world.refund.execute(SCOPE, sale.id, { amount: 1_000 }, 'key-2');
    expect(world.refunds.table.all()).toHaveLength(2);
  });

  it('a refund the processor refuses frees its amount again and answers amount_too_large', async () => {
    const world = paymentsWorld();
    const sale = await aCharge(world);
    world.processor.faults.set('refund', ['refuse']);
    await expect(world.refund.execute(SCOPE, sale.id, { amount: 4_000 })).rejects.toMatchObject({ code: 'amount_too_large' });
    expect(world.charges.table.get(sale.id)!.amountRefunded).toBe(0);
    expect(world.refunds.table.all()).toEqual([]);
    expect((await world.refund.execute(SCOPE, sale.id, {})).amount).toBe(10_000);
  });

  it('no credit document for a charge that had none', async () => {
    const world = paymentsWorld();
    const sale = await aCharge(world, { createDocument: false });
    await world.refund.execute(SCOPE, sale.id, {});
    expect(world.effects.documents).toEqual([]);
    expect(world.effects.types()).toEqual(['charge.succeeded', 'charge.refunded']);
  });
});
