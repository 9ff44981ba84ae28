import { EntitySchema } from '@mikro-orm/postgresql';
import { Customer } from '../../domain/customer';

export const CustomerSchema = new EntitySchema<Customer>({
  class: Customer,
  tableName: 'customers',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    name: { type: 'string' },
    email: { type: 'string', nullable: true },
    phone: { type: 'string', nullable: true },
    taxId: { type: 'string', nullable: true },
    testClockId: { type: 'string', nullable: true },
    metadata: { type: 'json' },
    balance: { type: 'integer' },
    createdAt: { type: 'Date' },
    deletedAt: { type: 'Date', nullable: true },
  },
});
