import { ContainerModule } from 'inversify';
import { bindSingletons } from '../../platform/di';
import { GetDocument } from './application/get-document';
import { IssueDocument } from './application/issue-document';
import { ListDocuments } from './application/list-documents';
import { PrintDocument } from './application/print-document';
import { MikroOrmDocumentRepository } from './infrastructure/mikro-orm/document.repository';
import { TaxDocumentSchema } from './infrastructure/mikro-orm/document.schema';
import { InvoicingRouter } from './interfaces/http/invoicing.router';
import { INVOICING } from './invoicing.tokens';

export const invoicingEntities = [TaxDocumentSchema];

export const invoicingModule = new ContainerModule(({ bind }) => {
  bind(INVOICING.DocumentRepository).to(MikroOrmDocumentRepository).inSingletonScope();
  bindSingletons(bind, [IssueDocument, GetDocument, ListDocuments, PrintDocument, InvoicingRouter]);
});
