import { EntitySchema } from '@mikro-orm/postgresql';
import { TaxAuthorityConnection } from '../../domain/tax-authority-connection';

export const TaxAuthorityConnectionSchema = new EntitySchema<TaxAuthorityConnection>({
  class: TaxAuthorityConnection,
  tableName: 'tax_authority_connections',
  properties: {
    id: { type: 'string', primary: true },
    status: { type: 'string' },
    pendingState: { type: 'string', nullable: true },
    tokensSealed: { type: 'string', nullable: true },
    accessExpiresAt: { type: 'Date', nullable: true },
    refreshExpiresAt: { type: 'Date', nullable: true },
    connectedAt: { type: 'Date', nullable: true },
    updatedAt: { type: 'Date' },
  },
});
