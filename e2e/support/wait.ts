/** What `check` finds, as soon as it finds it (jobs run on their own time). */
export async function waitFor<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = await check();
    if (found !== undefined) return found;
    if (Date.now() - started > timeoutMs) throw new Error('nothing came');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
