import { describe, expect, it } from 'vitest';
import { groupBy } from './group-by';

describe('groupBy', () => {
  it("keeps the groups and each group's items in the order first met", () => {
    const grouped = groupBy(['b1', 'a1', 'b2', 'c1', 'a2'], (item) => item[0]);
    expect([...grouped.entries()]).toEqual([
      ['b', ['b1', 'b2']],
      ['a', ['a1', 'a2']],
      ['c', ['c1']],
    ]);
  });
});
