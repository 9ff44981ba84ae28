/**
 * Works through `items` with at most `lanes` of them in flight at once, so the waits of each (database
 * round trips, the processor's latency) overlap. Stops at the first failure, as a loop would.
 */
export async function inLanes<T>(items: readonly T[], lanes: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async () => {
    while (next < items.length) await work(items[next++]);
  };
  await Promise.all(Array.from({ length: Math.min(lanes, items.length) }, lane));
}
