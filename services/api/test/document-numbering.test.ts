import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IssueDocument } from '../src/modules/invoicing';
import { PERSISTENCE } from '../src/platform/persistence/persistence.tokens';
import { type CommitBatch, COMMIT_ORDER, type UnitOfWork } from '../src/platform/persistence/unit-of-work';
import type { Scope } from '../src/shared/domain/scope';
import { startTestApp, type TestApp } from './support/harness';

// A document takes its number as the last write of its money transaction (so the account's sequence is
// locked only for the commit): numbers must still be gapless, whatever rolls back.
let app: TestApp;
let db: pg.Pool;
let scope: Scope;

beforeAll(async () => {
  app = await startTestApp();
  db = new pg.Pool({ connectionString: app.databaseUrl, max: 2 });
  scope = { accountId: (await app.createAccount('Numbering merchant')).id, livemode: false };
});
afterAll(async () => {
  await db.end();
  await app.close();
});

const unit = <T>(work: (uow: UnitOfWork, issue: (at?: Scope) => Promise<string>) => Promise<T>) => {
  const { container, inContext } = app.services;
  const uow = container.get<UnitOfWork>(PERSISTENCE.UnitOfWork);
  const issue = (at: Scope = scope) =>
    container.get(IssueDocument).execute(at, {
      kind: 'sale',
      customerId: 'cus_numbering',
      chargeId: null,
      refundId: null,
      currency: 'ils',
      lines: [{ description: 'Olive oil', quantity: 1, unitAmount: 4900, amount: 4900 }],
      details: {
        issuer: { name: 'Shop', profile: null },
        recipient: { name: 'Dana', taxId: null, email: null, phone: null },
        payment: { cardLast4: '4242', installments: null },
      },
    });
  return inContext(() => uow.run(() => work(uow, issue)));
};

const numbers = async (of: Scope = scope) =>
  (await db.query('select id, number from documents where account_id = $1 order by number', [of.accountId])).rows;

describe('document numbers', () => {
  it('are taken at commit: a transaction that rolls back writes no document and takes no number', async () => {
    const first = await unit((_, issue) => issue());
    await expect(
      unit(async (_, issue) => {
        await issue();
        throw new Error('the charge failed to record');
      }),
    ).rejects.toThrow('the charge failed to record');
    // A savepoint that fails, caught by its transaction, takes its document with it.
    const [kept, dropped] = await unit(async (uow, issue) => {
      const outer = await issue();
      let inner = '';
      await uow
        .savepoint(async () => {
          inner = await issue();
          throw new Error('savepoint rolled back');
        })
        .catch(() => undefined);
      return [outer, inner];
    });
    expect(dropped).toMatch(/^doc_/);
    expect(await numbers()).toEqual([
      { id: first, number: 1 },
      { id: kept, number: 2 },
    ]);
  });

  it('stay gapless and distinct under concurrent transactions', async () => {
    const before = (await numbers()).length;
    await Promise.all(Array.from({ length: 20 }, () => unit((_, issue) => issue())));
    expect((await numbers()).map((row) => row.number)).toEqual(Array.from({ length: before + 20 }, (_, i) => i + 1));
  });

  it(
    'of one transaction follow each other in the order issued, each account its own sequence, and transactions numbering for two accounts ' +
      'in either order never deadlock',
    async () => {
      const other: Scope = { accountId: (await app.createAccount('Second numbering merchant')).id, livemode: false };
      const before = (await numbers()).length;
      const issued = await unit(async (_, issue) => [await issue(), await issue(other), await issue(), await issue()]);
      expect((await numbers()).slice(before)).toEqual([
        { id: issued[0], number: before + 1 },
        { id: issued[2], number: before + 2 },
        { id: issued[3], number: before + 3 },
      ]);
      expect(await numbers(other)).toEqual([{ id: issued[1], number: 1 }]);

      await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          unit(async (_, issue) => {
            const [first, second] = i % 2 ? [scope, other] : [other, scope];
            await issue(first);
            await issue(second);
          }),
        ),
      );
      expect((await numbers()).map((row) => row.number)).toEqual(Array.from({ length: before + 3 + 16 }, (_, i) => i + 1));
      expect((await numbers(other)).map((row) => row.number)).toEqual(Array.from({ length: 17 }, (_, i) => i + 1));
    },
  );

  it("are taken after the transaction's new rows and before what they add to (events, jobs), each of those written once", async () => {
    const written: string[] = [];
    const uowOf = () => app.services.container.get<UnitOfWork>(PERSISTENCE.UnitOfWork);
    const batchOf = (name: string, order: number, adds?: () => void): CommitBatch<string> => ({
      order,
      write: async (items) => {
        written.push(`${name}:${items.join(',')}`);
        adds?.();
      },
    });
    const jobs = batchOf('jobs', COMMIT_ORDER.jobs);
    const events = batchOf('events', COMMIT_ORDER.events, () => uowOf().addAtCommit(jobs, 'delivery'));
    const documents = batchOf('documents', COMMIT_ORDER.documents, () => uowOf().addAtCommit(events, 'document.created'));
    const rows = batchOf('rows', COMMIT_ORDER.rows);
    await unit(async (uow) => {
      uow.addAtCommit(jobs, 'receipt');
      uow.addAtCommit(events, 'charge.succeeded');
      uow.addAtCommit(documents, 'document');
      uow.addAtCommit(rows, 'charge');
    });
    expect(written).toEqual(['rows:charge', 'documents:document', 'events:charge.succeeded,document.created', 'jobs:receipt,delivery']);
  });
});
