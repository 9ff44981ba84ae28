import { describe, expect, it } from 'vitest';
import { inLanesUntilDone } from './in-lanes';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('inLanesUntilDone', () => {
  it('keeps its lanes busy at once until a step finds nothing left, then takes no more', async () => {
    let left = 10;
    let inFlight = 0;
    let most = 0;
    let steps = 0;
    await inLanesUntilDone(3, async () => {
      steps++;
      inFlight++;
      most = Math.max(most, inFlight);
      await tick();
      inFlight--;
      const taken = Math.min(2, left);
      left -= taken;
      return taken === 2;
    });
    expect(left).toBe(0);
    expect(most).toBe(3);
    // Five full steps empty it; the lanes then in flight finish, and none starts after a step came back short.
    expect(steps).toBeLessThanOrEqual(8);
  });

  it('throws the first failure once the steps in flight are done, and starts none after it', async () => {
    const finished: number[] = [];
    let started = 0;
    const run = inLanesUntilDone(2, async () => {
      const step = ++started;
      if (step === 1) throw new Error('refused');
      await tick();
      finished.push(step);
      return true;
    });
    await expect(run).rejects.toThrow('refused');
    expect(finished).toEqual([2]);
    expect(started).toBe(2);
  });
});
