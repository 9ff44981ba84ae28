import type { EntityManager, FilterQuery } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import type { Scope } from '../../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../../shared/domain/page';
import type { DocumentRepository } from '../../application/ports/document-repository';
import { type DocumentType, TaxDocument } from '../../domain/tax-document';

@injectable()
export class MikroOrmDocumentRepository implements DocumentRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  async nextNumber(scope: Scope, type: DocumentType): Promise<number> {
    // The row lock this takes is held until the money transaction commits, which keeps numbers gapless.
    const rows = await this.em.getConnection().execute(
      `insert into document_sequences (account_id, livemode, type, next_number) values (?, ?, ?, 2)
       on conflict (account_id, livemode, type) do update set next_number = document_sequences.next_number + 1
       returning next_number - 1 as number`,
      [scope.accountId, scope.livemode, type],
      'all',
      this.em.getTransactionContext(),
    );
    return rows[0].number;
  }

  async add(document: TaxDocument): Promise<void> {
    await this.em.insert(document);
  }

  findById(scope: Scope, id: string): Promise<TaxDocument | null> {
    return this.em.findOne(TaxDocument, { accountId: scope.accountId, livemode: scope.livemode, id });
  }

  findSaleOf(scope: Scope, chargeId: string): Promise<TaxDocument | null> {
    return this.em.findOne(TaxDocument, { accountId: scope.accountId, livemode: scope.livemode, chargeId, refundId: null });
  }

  async markOriginalRendered(document: TaxDocument, now: Date): Promise<boolean> {
    const marked = await this.em.nativeUpdate(TaxDocument, { id: document.id, originalRenderedAt: null }, { originalRenderedAt: now });
    return marked === 1;
  }

  async list(scope: Scope, filter: { charge?: string; customer?: string }, page: PageRequest): Promise<Page<TaxDocument>> {
    const where: FilterQuery<TaxDocument> = { accountId: scope.accountId, livemode: scope.livemode };
    if (filter.charge) where.chargeId = filter.charge;
    if (filter.customer) where.customerId = filter.customer;
    const limit = page.limit ?? 20;
    let cursor: TaxDocument | null = null;
    if (page.starting_after) cursor = await this.findById(scope, page.starting_after);
    const rows = await this.em.find(TaxDocument, cursor ? { $and: [where, { number: { $lt: cursor.number } }] } : where, { orderBy: { number: 'desc' }, limit: limit + 1 });
    return { items: rows.slice(0, limit), hasMore: rows.length > limit };
  }
}
