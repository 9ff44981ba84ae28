import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { Account } from '../domain/account';
import { ApiKey } from '../domain/api-key';
import { ACCOUNTS } from '../accounts.tokens';
import type { AccountRepository, ApiKeyRepository } from './ports/account-repository';

export interface CreateAccountInput {
  name: string;
  walletsEnabled?: boolean;
}

export interface CreateAccountOutput {
  account: Account;
  apiKeys: { test: string; live: string };
}

/** A merchant account with one secret key per mode. */
@injectable()
export class CreateAccount {
  constructor(
    @inject(ACCOUNTS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(ACCOUNTS.ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(input: CreateAccountInput): Promise<CreateAccountOutput> {
    const name = input.name.trim();
    if (!name) throw new RangeError('an account needs a name');
    const now = this.clock.now();
    const account = Account.create({ name, walletsEnabled: input.walletsEnabled ?? false }, now);
    const test = ApiKey.issue({ accountId: account.id, livemode: false, scope: 'full' }, now);
    const live = ApiKey.issue({ accountId: account.id, livemode: true, scope: 'full' }, now);
    await this.uow.run(async () => {
      await this.accounts.add(account);
      await this.keys.add([test.key, live.key]);
    });
    return { account, apiKeys: { test: test.secret, live: live.secret } };
  }
}
