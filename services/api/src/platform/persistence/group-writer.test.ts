import { describe, expect, it } from 'vitest';
import { GroupWriter } from './group-writer';

/** A writer whose writes finish when the test says, recording each group it was given. */
function recordingWriter(max?: number) {
  const groups: string[][] = [];
  const finish: Array<(fail?: Error) => void> = [];
  const writer = new GroupWriter<string, string>(
    (items) => {
      groups.push(items);
      return new Promise((resolve, reject) => finish.push((fail) => (fail ? reject(fail) : resolve(items.map((item) => `wrote ${item}`)))));
    },
    (item) => item.split(':')[0],
    max,
  );
  return { writer, groups, finish };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupWriter', () => {
  it('writes an item at once when idle, and what arrives meanwhile together next', async () => {
    const { writer, groups, finish } = recordingWriter();
    const a = writer.submit('a');
    await tick();
    expect(groups).toEqual([['a']]);
    const rest = ['b', 'c', 'd'].map((item) => writer.submit(item));
    await tick();
    expect(groups).toHaveLength(1);
    finish[0]();
    expect(await a).toBe('wrote a');
    await tick();
    expect(groups[1]).toEqual(['b', 'c', 'd']);
    finish[1]();
    expect(await Promise.all(rest)).toEqual(['wrote b', 'wrote c', 'wrote d']);
  });

  it('never puts two items of one key in a write, and keeps to its largest group', async () => {
    const { writer, groups, finish } = recordingWriter(2);
    const first = writer.submit('x:0');
    const waiting = ['x:1', 'y:1', 'z:1', 'x:2'].map((item) => writer.submit(item));
    await tick();
    finish[0]();
    await first;
    await tick();
    expect(groups[1]).toEqual(['x:1', 'y:1']);
    finish[1]();
    await tick();
    expect(groups[2]).toEqual(['z:1', 'x:2']);
    finish[2]();
    expect(await Promise.all(waiting)).toEqual(['wrote x:1', 'wrote y:1', 'wrote z:1', 'wrote x:2']);
  });

  it('a failed write fails its own items only; the next write goes on', async () => {
    const { writer, groups, finish } = recordingWriter();
    const failed = writer.submit('a');
    const later = writer.submit('b');
    await tick();
    finish[0](new Error('refused'));
    await expect(failed).rejects.toThrow('refused');
    await tick();
    expect(groups[1]).toEqual(['b']);
    finish[1]();
    expect(await later).toBe('wrote b');
  });
});
