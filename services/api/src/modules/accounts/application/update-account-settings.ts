import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import type { Account, AccountSettings } from '../domain/account';
import { AccountNotFound } from '../domain/account-errors';
import { ACCOUNTS } from '../accounts.tokens';
import type { AccountRepository } from './ports/account-repository';

export interface UpdateAccountSettingsInput extends AccountSettings {
  accountId: string;
}

@injectable()
export class UpdateAccountSettings {
  constructor(
    @inject(ACCOUNTS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(input: UpdateAccountSettingsInput): Promise<Account> {
    return this.uow.run(async () => {
      const account = await this.accounts.findById(input.accountId);
      if (!account) throw new AccountNotFound(input.accountId);
      account.changeSettings(input);
      await this.accounts.save(account);
      return account;
    });
  }
}
