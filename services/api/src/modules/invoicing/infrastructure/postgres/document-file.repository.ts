import type { EntityManager } from '@mikro-orm/postgresql';
import { inject, injectable } from 'inversify';
import type { Scope } from '../../../../shared/domain/scope';
import { PERSISTENCE } from '../../../../platform/persistence/persistence.tokens';
import { AggregateTable } from '../../../../platform/persistence/sql/aggregate-table';
import type { DocumentCertificateRepository, DocumentFileRepository } from '../../application/ports/document-files';
import { DocumentCertificate } from '../../domain/document-certificate';
import { DocumentFile, type DocumentFileVariant } from '../../domain/document-file';

/** Written once. */
const FILES = new AggregateTable(DocumentFile, []);
/** Replaced by a new upload. */
const CERTIFICATES = new AggregateTable(DocumentCertificate, ['subject', 'expiresAt', 'test', 'credentialsSealed', 'createdAt']);

@injectable()
export class PgDocumentFileRepository implements DocumentFileRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  find(documentId: string, variant: DocumentFileVariant): Promise<DocumentFile | null> {
    return FILES.first(this.em, 'select * from document_files where document_id = $1 and variant = $2', [documentId, variant]);
  }

  copiesOf(documentIds: string[]): Promise<DocumentFile[]> {
    return FILES.select(this.em, "select * from document_files where document_id = any($1) and variant = 'copy'", [documentIds]);
  }

  async add(files: DocumentFile[]): Promise<void> {
    for (const file of files) await FILES.insertUnlessTaken(this.em, file);
  }
}

@injectable()
export class PgDocumentCertificateRepository implements DocumentCertificateRepository {
  constructor(@inject(PERSISTENCE.EntityManager) private readonly em: EntityManager) {}

  find(scope: Scope): Promise<DocumentCertificate | null> {
    return CERTIFICATES.first(this.em, 'select * from document_certificates where account_id = $1 and livemode = $2', [
      scope.accountId,
      scope.livemode,
    ]);
  }

  findForUpdate(scope: Scope): Promise<DocumentCertificate | null> {
    return CERTIFICATES.findOne(this.em, { accountId: scope.accountId, livemode: scope.livemode }, { lock: 'wait' });
  }

  addUnlessTaken(certificate: DocumentCertificate): Promise<boolean> {
    return CERTIFICATES.insertUnlessTaken(this.em, certificate);
  }

  save(certificate: DocumentCertificate): Promise<void> {
    return CERTIFICATES.save(this.em, [certificate]);
  }
}
