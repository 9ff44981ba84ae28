import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

describe('createLogger', () => {
  it('logs a database error without its statement or parameters, keeping what went wrong', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    // The shape of a MikroORM/pg failure: the statement with its values in the message, and more fields.
    const error = Object.assign(
      new Error(
        `insert into "customers" ("id", "email") values ('cus_1', 'noa@example.co.il') - duplicate key value violates unique constraint "customers_pkey"`,
      ),
      {
        name: 'UniqueConstraintViolationException',
        sql: `insert into "customers" ("id", "email") values ('cus_1', 'noa@example.co.il')`,
        params: ['cus_1', 'noa@example.co.il'],
        detail: 'Key (email)=(noa@example.co.il) already exists.',
        code: '23505',
      },
    );
    logger.error({ err: error }, 'unhandled error');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('noa@example.co.il');
    expect(lines[0]).not.toContain('insert into');
    const logged = JSON.parse(lines[0]);
    expect(logged.err.message).toBe('[statement redacted] - duplicate key value violates unique constraint "customers_pkey"');
    expect(logged.err.code).toBe('23505');
  });
});

/** Runs `body` in a process of its own with `log`, a logger on standard output; its output and exit code. */
function runLogging(body: string, onLine?: (line: string) => void): Promise<{ lines: string[]; code: number | null }> {
  const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));
  const script = `const { createLogger } = await import(${JSON.stringify(logger)}); const log = createLogger('info'); ${body}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'ignore'] });
  const lines: string[] = [];
  let rest = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (rest + chunk).split('\n');
    rest = parts.pop()!;
    for (const line of parts) {
      lines.push(line);
      onLine?.(line);
    }
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ lines, code })));
}

describe('standard output', () => {
  it('writes a line while the process goes on, not only when it ends', async () => {
    let seenAt: number | undefined;
    let exitedAt = 0;
    const run = runLogging(`log.info('started'); setTimeout(() => {}, 1500);`, () => (seenAt ??= Date.now()));
    const { lines, code } = await run.then((result) => ((exitedAt = Date.now()), result));
    expect(code).toBe(0);
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['started']);
    expect(exitedAt - seenAt!).toBeGreaterThan(1000);
  });

  it('writes what was logged just before the process exits or crashes', async () => {
    const exited = await runLogging(`log.info('first'); log.warn('last'); process.exit(3);`);
    expect(exited.code).toBe(3);
    expect(exited.lines.map((line) => JSON.parse(line).msg)).toEqual(['first', 'last']);
    const crashed = await runLogging(`log.error('about to fail'); throw new Error('boom');`);
    expect(crashed.code).toBe(1);
    expect(crashed.lines.map((line) => JSON.parse(line).msg)).toEqual(['about to fail']);
  });

  it('delivers every line whole to a reader that falls behind (a full non-blocking pipe)', async () => {
    const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));
    // 400 lines of 20 kB: far more than a pipe holds while the reader waits.
    const script = `
      process.stdout; // makes the pipe non-blocking, as any use of process.stdout does
      const { createLogger } = await import(${JSON.stringify(logger)});
      const log = createLogger('info');
      for (let i = 0; i < 400; i++) log.info({ i, filler: 'x'.repeat(20000) }, 'line');
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    child.stdout.pause();
    await new Promise((resolve) => setTimeout(resolve, 500));
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stdout.resume();
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
    const lines = out
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { i: number; filler: string });
    expect(lines.map((line) => line.i)).toEqual(Array.from({ length: 400 }, (_, i) => i));
    expect(lines.every((line) => line.filler.length === 20000)).toBe(true);
  });
});
