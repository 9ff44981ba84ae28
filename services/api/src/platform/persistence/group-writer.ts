/**
 * Writes from concurrent callers grouped into one statement, as a database groups commits: an item
 * goes with everything that arrived before the event loop's next turn (idle, that is at once), or,
 * while a write runs, with everything that arrived meanwhile. Callers answered by a write send their
 * next items within that turn (a sweep's lanes), so those go together too. Under load a request pays
 * a share of a statement; idle, it waits for nothing.
 */
export class GroupWriter<I, O> {
  private waiting: Array<{ item: I; resolve(output: O): void; reject(error: unknown): void }> = [];
  private writing = false;

  /**
   * `write` answers each item, in order. Items with the same `keyOf` never share a write (a statement
   * may not touch one row twice): a later one waits for the next.
   */
  constructor(
    private readonly write: (items: I[]) => Promise<O[]>,
    private readonly keyOf: (item: I) => string,
    private readonly max = 200,
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.waiting.length > 0) {
      const keys = new Set<string>();
      const group: typeof this.waiting = [];
      const later: typeof this.waiting = [];
      for (const entry of this.waiting) {
        const key = this.keyOf(entry.item);
        if (group.length < this.max && !keys.has(key)) {
          keys.add(key);
          group.push(entry);
        } else {
          later.push(entry);
        }
      }
      this.waiting = later;
      try {
        const outputs = await this.write(group.map((entry) => entry.item));
        group.forEach((entry, i) => entry.resolve(outputs[i]));
      } catch (error) {
        for (const entry of group) entry.reject(error);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.writing = false;
  }
}
