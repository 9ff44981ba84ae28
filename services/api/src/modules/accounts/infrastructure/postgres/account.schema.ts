import { BigIntType, EntitySchema } from '@mikro-orm/postgresql';
import { Account } from '../../domain/account';
import { AccountLogo } from '../../domain/account-logo';
import { ApiKey } from '../../domain/api-key';

export const AccountSchema = new EntitySchema<Account>({
  class: Account,
  tableName: 'accounts',
  properties: {
    id: { type: 'string', primary: true },
    name: { type: 'string' },
    businessProfile: { type: 'json', nullable: true },
    walletsEnabled: { type: 'boolean' },
    liveOnboarded: { type: 'boolean' },
    cardholderIdRequired: { type: 'boolean' },
    portalSettings: { type: 'json' },
    retryDays: { type: 'json' },
    branding: { type: 'json' },
    // Agorot as bigint in the database, a safe integer in memory.
    supportRefundLimit: { type: new BigIntType('number') },
    createdAt: { type: 'Date' },
  },
});

export const ApiKeySchema = new EntitySchema<ApiKey>({
  class: ApiKey,
  tableName: 'api_keys',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    livemode: { type: 'boolean' },
    scope: { type: 'string' },
    secretHash: { type: 'string' },
    last4: { type: 'string', fieldName: 'last4' },
    role: { type: 'string', nullable: true },
    madeByUser: { type: 'string', nullable: true },
    madeByEmail: { type: 'string', nullable: true },
    createdAt: { type: 'Date' },
    revokedAt: { type: 'Date', nullable: true },
  },
});

export const AccountLogoSchema = new EntitySchema<AccountLogo>({
  class: AccountLogo,
  tableName: 'account_logos',
  properties: {
    id: { type: 'string', primary: true },
    accountId: { type: 'string' },
    contentType: { type: 'string' },
    data: { type: 'blob' },
    createdAt: { type: 'Date' },
  },
});
