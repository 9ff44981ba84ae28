import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import { sqlRows } from '../../../../platform/persistence/sql/statements';
import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { DayTotals, DocumentFilter, DocumentRepository } from '../../application/ports/document-repository';
import type { Period } from '../../../../shared/domain/period';
import type { IssuedPeriod } from '../../domain/issued-period';
import { type DocumentType, TaxDocument } from '../../domain/tax-document';

/** A document is numbered before it is written; then only its allocation number changes (its first print is marked by a statement of its own). */
const DOCUMENTS = new AggregateTable(TaxDocument, ['allocation']);

/** The condition on `issuedAt` of a period. */
function issuedIn(period: IssuedPeriod | undefined): Record<string, unknown> {
  if (!period?.from && !period?.before) return {};
  return { issuedAt: { ...(period.from ? { $gte: period.from } : {}), ...(period.before ? { $lt: period.before } : {}) } };
}

@injectable()
export class PgDocumentRepository implements DocumentRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async takeNumbers(scope: Scope, type: DocumentType, count: number): Promise<number> {
    // The row lock this takes is held until the money transaction commits, which keeps numbers gapless.
    const rows = await sqlRows<{ first: number }>(
      this.em,
      `insert into document_sequences (account_id, livemode, type, next_number) values ($1, $2, $3, 1 + $4::int)
       on conflict (account_id, livemode, type) do update set next_number = document_sequences.next_number + $4::int
       returning next_number - $4::int as first`,
      [scope.accountId, scope.livemode, type, count],
    );
    return rows[0].first;
  }

  addMany(documents: TaxDocument[]): Promise<void> {
    return DOCUMENTS.insert(this.em, documents);
  }

  findById(scope: Scope, id: string): Promise<TaxDocument | null> {
    return DOCUMENTS.findOne(this.em, { accountId: scope.accountId, livemode: scope.livemode, id });
  }

  findByIdUnscoped(id: string): Promise<TaxDocument | null> {
    return DOCUMENTS.findOne(this.em, { id }, { fresh: true });
  }

  findForUpdateUnscoped(id: string): Promise<TaxDocument | null> {
    return DOCUMENTS.lock(this.em, id);
  }

  save(document: TaxDocument): Promise<void> {
    return DOCUMENTS.save(this.em, [document]);
  }

  findSaleOf(scope: Scope, chargeId: string): Promise<TaxDocument | null> {
    return DOCUMENTS.findOne(this.em, { accountId: scope.accountId, livemode: scope.livemode, chargeId, refundId: null });
  }

  async markOriginalRendered(document: TaxDocument, now: Date): Promise<boolean> {
    const marked = await sqlRows(
      this.em,
      'update documents set original_rendered_at = $2 where id = $1 and original_rendered_at is null returning 1',
      [document.id, now],
    );
    return marked.length === 1;
  }

  async list(scope: Scope, filter: DocumentFilter, page: PageRequest): Promise<Page<TaxDocument>> {
    const where: Record<string, unknown> = { accountId: scope.accountId, livemode: scope.livemode, ...issuedIn(filter.period) };
    if (filter.charge) where.chargeId = filter.charge;
    if (filter.customer) where.customerId = filter.customer;
    if (filter.type) where.type = filter.type;
    // Each type has its own numbers, so the order is by issue time.
    return DOCUMENTS.page(this.em, where as FilterQuery<TaxDocument>, page, 'issuedAt');
  }

  async totalsByDay(scope: Scope, period: Period): Promise<DayTotals[]> {
    const rows = await sqlRows<{ day: string; sales: string; refunds: string }>(
      this.em,
      `select to_char(issued_at at time zone 'Asia/Jerusalem', 'YYYY-MM-DD') as day,
              coalesce(sum(total) filter (where refund_id is null), 0) as sales,
              coalesce(sum(abs(total)) filter (where refund_id is not null), 0) as refunds
         from documents
        where account_id = $1 and livemode = $2 and issued_at >= $3 and issued_at < $4
        group by 1 order by 1`,
      [scope.accountId, scope.livemode, period.from, period.before],
    );
    return rows.map((row) => ({ day: row.day, sales: Number(row.sales), refunds: Number(row.refunds) }));
  }

  inPeriod(scope: Scope, period: IssuedPeriod): Promise<TaxDocument[]> {
    return DOCUMENTS.find(
      this.em,
      { accountId: scope.accountId, livemode: scope.livemode, ...issuedIn(period) } as FilterQuery<TaxDocument>,
      { orderBy: { type: 'asc', number: 'asc' } },
    );
  }

  async awaitingAllocation(scope: Scope): Promise<string[]> {
    const rows = await sqlRows<{ id: string }>(
      this.em,
      `select id from documents where account_id = $1 and livemode = $2 and allocation->>'status' = 'pending' order by id`,
      [scope.accountId, scope.livemode],
    );
    return rows.map((row) => row.id);
  }

  async awaitingAllocationSince(before: Date, limit: number): Promise<string[]> {
    const rows = await sqlRows<{ id: string }>(
      this.em,
      `select id from documents where allocation->>'status' = 'pending' and issued_at < $1 order by issued_at limit $2`,
      [before, limit],
    );
    return rows.map((row) => row.id);
  }
}
