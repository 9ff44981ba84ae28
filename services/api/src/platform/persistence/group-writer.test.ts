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
/** Past the writer's own turn after a write finished (it waits one for its callers' next items). */
const settle = async () => {
  await tick();
  await tick();
};

describe('GroupWriter', () => {
  it('writes what arrives together when idle at once, and what arrives meanwhile together next', async () => {
    const { writer, groups, finish } = recordingWriter();
    const first = ['a', 'b'].map((item) => writer.submit(item));
    await tick();
    expect(groups).toEqual([['a', 'b']]);
    const rest = ['c', 'd', 'e'].map((item) => writer.submit(item));
    await tick();
    expect(groups).toHaveLength(1);
    finish[0]();
    expect(await Promise.all(first)).toEqual(['wrote a', 'wrote b']);
    await settle();
    expect(groups[1]).toEqual(['c', 'd', 'e']);
    finish[1]();
    expect(await Promise.all(rest)).toEqual(['wrote c', 'wrote d', 'wrote e']);
  });

  it("lets callers answered by a write send their next items with those that waited (a sweep's lanes)", async () => {
    const { writer, groups, finish } = recordingWriter();
    // Four lanes, each writing its next item as soon as the last one is written.
    const lanes = [0, 1, 2, 3].map(async (lane) => {
      for (let n = 0; n < 3; n++) await writer.submit(`${lane}:${n}`);
    });
    let done = false;
    const all = Promise.all(lanes).then(() => (done = true));
    for (let finished = 0; !done;) {
      await settle();
      while (finished < finish.length) finish[finished++]();
    }
    await all;
    expect(groups).toEqual([
      ['0:0', '1:0', '2:0', '3:0'],
      ['0:1', '1:1', '2:1', '3:1'],
      ['0:2', '1:2', '2:2', '3:2'],
    ]);
  });

  it('never puts two items of one key in a write, and keeps to its largest group', async () => {
    const { writer, groups, finish } = recordingWriter(2);
    const waiting = ['x:0', 'x:1', 'y:1', 'z:1', 'x:2'].map((item) => writer.submit(item));
    await tick();
    expect(groups[0]).toEqual(['x:0', 'y:1']);
    finish[0]();
    await settle();
    expect(groups[1]).toEqual(['x:1', 'z:1']);
    finish[1]();
    await settle();
    expect(groups[2]).toEqual(['x:2']);
    finish[2]();
    expect(await Promise.all(waiting)).toEqual(['wrote x:0', 'wrote x:1', 'wrote y:1', 'wrote z:1', 'wrote x:2']);
  });

  it('a failed write fails its own items only; the next write goes on', async () => {
    const { writer, groups, finish } = recordingWriter();
    const failed = writer.submit('a');
    await tick();
    const later = writer.submit('b');
    finish[0](new Error('refused'));
    await expect(failed).rejects.toThrow('refused');
    await settle();
    expect(groups[1]).toEqual(['b']);
    finish[1]();
    expect(await later).toBe('wrote b');
  });
});
