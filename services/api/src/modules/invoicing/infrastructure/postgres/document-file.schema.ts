import { EntitySchema } from '@mikro-orm/postgresql';
import { DocumentCertificate } from '../../domain/document-certificate';
import { DocumentFile } from '../../domain/document-file';

export const DocumentFileSchema = new EntitySchema<DocumentFile>({
  class: DocumentFile,
  tableName: 'document_files',
  properties: {
    id: { type: 'string', primary: true },
    documentId: { type: 'string' },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    variant: { type: 'string' },
    filename: { type: 'string' },
    pdf: { type: 'blob' },
    signedBy: { type: 'string' },
    createdAt: { type: 'Date' },
  },
});

export const DocumentCertificateSchema = new EntitySchema<DocumentCertificate>({
  class: DocumentCertificate,
  tableName: 'document_certificates',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    subject: { type: 'string' },
    expiresAt: { type: 'Date' },
    test: { type: 'boolean' },
    credentialsSealed: { type: 'string' },
    createdAt: { type: 'Date' },
  },
});
