import { BigIntType, EntitySchema } from '@mikro-orm/postgresql';
import { TaxDocument } from '../../domain/tax-document';

export const TaxDocumentSchema = new EntitySchema<TaxDocument>({
  class: TaxDocument,
  tableName: 'documents',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    type: { type: 'string' },
    number: { type: 'integer' },
    customerId: { type: 'string' },
    chargeId: { type: 'string', nullable: true },
    refundId: { type: 'string', nullable: true },
    currency: { type: 'string' },
    lines: { type: 'json' },
    vatRate: { type: 'integer' },
    amountExcludingVat: { type: new BigIntType('number') },
    vatAmount: { type: new BigIntType('number') },
    total: { type: new BigIntType('number') },
    details: { type: 'json' },
    refersTo: { type: 'json', nullable: true },
    allocation: { type: 'json', nullable: true },
    issuedAt: { type: 'Date' },
    originalRenderedAt: { type: 'Date', nullable: true },
  },
});
