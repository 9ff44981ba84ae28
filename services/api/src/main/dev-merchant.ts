import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { AuthenticateApiKey } from '../modules/accounts/application/authenticate-api-key';
import { CreateAccount } from '../modules/accounts/application/create-account';
import { DomainError } from '../shared/domain/domain-error';
import { ManageTeam } from '../modules/team';
import { OPERATOR } from '../shared/domain/actor';
import type { Services } from './container';

/** The dev merchant's owner, who signs in to the dashboard. */
export const DEV_OWNER_EMAIL = 'owner@example.com';

interface DevMerchant {
  account_id: string;
  test_key: string;
}

/**
 * On a local embedded database, a merchant to try the API with. Its test key is kept beside the
 * database (which is on the same disk and just as secret) so every start can print it.
 */
export async function ensureDevMerchant(services: Services, dataDir: string): Promise<DevMerchant & { created: boolean }> {
  const file = resolve(dataDir, 'dev-merchant.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8')) as DevMerchant;
    const valid = await services.inContext(async () => services.container.get(AuthenticateApiKey).execute(saved.test_key));
    if (valid) return { ...saved, created: false };
  }
  const { account, apiKeys } = await services.inContext(() =>
    services.container.get(CreateAccount).execute({ name: 'Dev merchant', walletsEnabled: true }),
  );
  const merchant = { account_id: account.id, test_key: apiKeys.test };
  writeFileSync(file, JSON.stringify(merchant, null, 2), { mode: 0o600 });
  chmodSync(file, 0o600);
  return { ...merchant, created: true };
}

/**
 * Where the dev merchant's owner signs in: until they chose a password, a fresh invitation link (any
 * earlier one stops working); after, the dashboard itself.
 */
export async function devOwnerSignIn(services: Services, accountId: string, dashboardUrl: string): Promise<string> {
  try {
    const { link } = await services.inContext(() =>
      services.container.get(ManageTeam).invite(accountId, { email: DEV_OWNER_EMAIL, role: 'owner' }, OPERATOR, { send: false }),
    );
    return `${link}  (choose a password for ${DEV_OWNER_EMAIL})`;
  } catch (error) {
    if (error instanceof DomainError && error.code === 'user_exists') return `${dashboardUrl}/  (sign in as ${DEV_OWNER_EMAIL})`;
    throw error;
  }
}
