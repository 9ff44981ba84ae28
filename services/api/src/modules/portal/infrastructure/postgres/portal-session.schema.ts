import { EntitySchema } from '@mikro-orm/postgresql';
import { PortalSession } from '../../domain/portal-session';

export const PortalSessionSchema = new EntitySchema<PortalSession>({
  class: PortalSession,
  tableName: 'portal_sessions',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    customerId: { type: 'string' },
    returnUrl: { type: 'string', nullable: true },
    locale: { type: 'string' },
    expiresAt: { type: 'Date' },
    createdAt: { type: 'Date' },
  },
});
