/**
 * Works through `items` with at most `lanes` of them in flight at once, so the waits of each (database
 * round trips, the processor's latency) overlap. At the first failure no lane takes another item; once
 * those in flight are done, the failure is thrown.
 */
export async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (next < items.length && !failure) {
      try {
        await work(items[next++]);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
  if (failure) throw failure.error;
}

/**
 * Runs `step` in `lanes` loops at once until a step answers that nothing is left: for sweeps whose
 * steps each take a batch of rows the others pass over (`skip locked`), so one batch's statements and
 * another's work overlap. A step that finds less than a full batch has seen everything no other lane
 * holds, so no lane takes another. At the first failure none does either; once those in flight are
 * done, the failure is thrown.
 */
export async function inLanesUntilDone(lanes: number, step: () => Promise<boolean>): Promise<void> {
  let done = false;
  let failure: { error: unknown } | undefined;
  const lane = async () => {
    while (!done && !failure) {
      try {
        if (!(await step())) done = true;
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: lanes }, lane));
  if (failure) throw failure.error;
}
