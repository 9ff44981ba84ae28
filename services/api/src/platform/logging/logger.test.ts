import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

describe('createLogger', () => {
  it('logs a database error without its statement or parameters, keeping what went wrong', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    // The shape of a MikroORM/pg failure: the statement with its values in the message, and more fields.
    const error = Object.assign(new Error(`insert into "customers" ("id", "email") values ('cus_1', 'noa@example.co.il') - duplicate key value violates unique constraint "customers_pkey"`), {
      name: 'UniqueConstraintViolationException',
      sql: `insert into "customers" ("id", "email") values ('cus_1', 'noa@example.co.il')`,
      params: ['cus_1', 'noa@example.co.il'],
      detail: 'Key (email)=(noa@example.co.il) already exists.',
      code: '23505',
    });
    logger.error({ err: error }, 'unhandled error');
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('noa@example.co.il');
    expect(lines[0]).not.toContain('insert into');
    const logged = JSON.parse(lines[0]);
    expect(logged.err.message).toBe('[statement redacted] - duplicate key value violates unique constraint "customers_pkey"');
    expect(logged.err.code).toBe('23505');
  });
});

describe('standard output', () => {
  it('delivers every line whole to a reader that falls behind (a full non-blocking pipe)', async () => {
    const logger = fileURLToPath(new URL('./logger.ts', import.meta.url));
    // 400 lines of 20 kB: far more than a pipe holds while the reader waits.
    const script = `
      process.stdout; // makes the pipe non-blocking, as any use of process.stdout does
      const { createLogger } = await import(${JSON.stringify(logger)});
      const log = createLogger('info');
      for (let i = 0; i < 400; i++) log.info({ i, filler: 'x'.repeat(20000) }, 'line');
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.pause();
    await new Promise((resolve) => setTimeout(resolve, 500));
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stdout.resume();
    expect(await new Promise((resolve) => child.on('exit', resolve))).toBe(0);
    const lines = out.trimEnd().split('\n').map((line) => JSON.parse(line) as { i: number; filler: string });
    expect(lines.map((line) => line.i)).toEqual(Array.from({ length: 400 }, (_, i) => i));
    expect(lines.every((line) => line.filler.length === 20000)).toBe(true);
  });
});
