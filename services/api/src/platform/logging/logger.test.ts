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
