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
