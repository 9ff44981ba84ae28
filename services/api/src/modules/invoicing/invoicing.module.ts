import { SummarizeDocuments } from './application/summarize-documents';
import { ContainerModule } from 'inversify';
import type { QueueDefinition } from '../../platform/jobs/job-queue';
import { bindSingletons } from '../../platform/di';
import { GetDocument } from './application/get-document';
import { IssueDocument } from './application/issue-document';
import { ListDocuments } from './application/list-documents';
import { PrintDocument } from './application/print-document';
import { CompleteTaxAuthorityConnection } from './application/complete-tax-authority-connection';
import { ConnectTaxAuthority } from './application/connect-tax-authority';
import { GetTaxAuthorityConnection } from './application/get-tax-authority-connection';
import { ReaskPendingAllocations } from './application/reask-pending-allocations';
import { RequestAllocation } from './application/request-allocation';
import { TaxAuthorityAccess } from './application/tax-authority-access';
import { ModeAllocationAuthorities } from './infrastructure/allocation-authorities';
import { DocumentJobs } from './interfaces/jobs/document-jobs';
import { PgDocumentRepository } from './infrastructure/postgres/document.repository';
import { PgTaxAuthorityConnectionRepository } from './infrastructure/postgres/tax-authority-connection.repository';
import { TaxAuthorityConnectionSchema } from './infrastructure/postgres/tax-authority-connection.schema';
import { TaxDocumentSchema } from './infrastructure/postgres/document.schema';
import { InvoicingRouter } from './interfaces/http/invoicing.router';
import { GetDocumentPdf } from './application/get-document-pdf';
import { ArchiveDocuments } from './application/archive-documents';
import { RenderDocumentPdf } from './application/render-document-pdf';
import { SigningCertificates } from './application/signing-certificates';
import { PgDocumentCertificateRepository, PgDocumentFileRepository } from './infrastructure/postgres/document-file.repository';
import { DocumentCertificateSchema, DocumentFileSchema } from './infrastructure/postgres/document-file.schema';
import { forgeSigningKeys } from './infrastructure/pdf/signing-credentials';
import { htmlDocumentLayout } from './infrastructure/printing/html-document-layout';
import { ALLOCATION_SWEEP_QUEUE, DOCUMENT_ALLOCATION_QUEUE, DOCUMENT_PDF_QUEUE, INVOICING } from './invoicing.tokens';

export const invoicingEntities = [TaxDocumentSchema, TaxAuthorityConnectionSchema, DocumentFileSchema, DocumentCertificateSchema];

export function invoicingQueues(expireInSeconds: number): QueueDefinition[] {
  // An unreachable Tax Authority is asked again after 1, 2, 4… minutes, for about a day and a half.
  return [
    { name: DOCUMENT_ALLOCATION_QUEUE, expireInSeconds, retryLimit: 11, retryDelay: 60, retryBackoff: true },
    { name: ALLOCATION_SWEEP_QUEUE, expireInSeconds: Math.max(expireInSeconds, 3600), retryLimit: 0 },
    { name: DOCUMENT_PDF_QUEUE, expireInSeconds: Math.max(expireInSeconds, 120), retryLimit: 6, retryDelay: 5, retryBackoff: true },
  ];
}

export const invoicingModule = new ContainerModule(({ bind }) => {
  bind(INVOICING.DocumentRepository).to(PgDocumentRepository).inSingletonScope();
  bind(INVOICING.AllocationAuthorities).to(ModeAllocationAuthorities).inSingletonScope();
  bind(INVOICING.TaxAuthorityConnectionRepository).to(PgTaxAuthorityConnectionRepository).inSingletonScope();
  bind(INVOICING.DocumentFileRepository).to(PgDocumentFileRepository).inSingletonScope();
  bind(INVOICING.DocumentCertificateRepository).to(PgDocumentCertificateRepository).inSingletonScope();
  bind(INVOICING.SigningKeys).toConstantValue(forgeSigningKeys);
  bind(INVOICING.DocumentLayout).toConstantValue(htmlDocumentLayout);
  bindSingletons(bind, [
    SummarizeDocuments,
    IssueDocument,
    GetDocument,
    ListDocuments,
    PrintDocument,
    RequestAllocation,
    TaxAuthorityAccess,
    ConnectTaxAuthority,
    CompleteTaxAuthorityConnection,
    GetTaxAuthorityConnection,
    DocumentJobs,
    ReaskPendingAllocations,
    SigningCertificates,
    RenderDocumentPdf,
    GetDocumentPdf,
    ArchiveDocuments,
    InvoicingRouter,
  ]);
});
