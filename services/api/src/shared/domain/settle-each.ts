/**
 * Works through batches of left-over items (`next` answers up to `batchSize`), each on its own: one that
 * fails does not stop the others, and the failures are thrown together at the end, after the batch they
 * were found in, so a bad item is reported without being retried in a loop. Answers how many settled
 * (an item whose `settle` answers `false` needed nothing).
 */
export async function settleEach<T>(
  next: (batchSize: number) => Promise<T[]>,
  settle: (item: T) => Promise<unknown>,
  batchSize = 100,
): Promise<number> {
  const failures: unknown[] = [];
  let settled = 0;
  for (;;) {
    const batch = await next(batchSize);
    for (const item of batch) {
      try {
        if ((await settle(item)) !== false) settled++;
      } catch (error) {
        failures.push(error);
      }
    }
    if (batch.length < batchSize || failures.length > 0) break;
  }
  if (failures.length > 0)
    throw new AggregateError(
      failures,
      `${failures.length} left-over operation(s) could not be settled; first: ${String((failures[0] as Error)?.message ?? failures[0])}`,
    );
  return settled;
}
