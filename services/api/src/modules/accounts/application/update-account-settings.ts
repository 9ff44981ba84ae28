import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import type { Account, AccountSettings } from '../domain/account';
import { AccountNotFound } from '../domain/account-errors';
import { ValidationError } from '../../../shared/domain/domain-error';
import { ACCOUNTS } from '../accounts.tokens';
import type { AccountProcessors } from './ports/account-processors';
import type { AccountRepository } from './ports/account-repository';

export interface UpdateAccountSettingsInput extends AccountSettings {
  accountId: string;
}

@injectable()
export class UpdateAccountSettings {
  constructor(
    @inject(ACCOUNTS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(ACCOUNTS.Processors) private readonly processors: AccountProcessors,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(input: UpdateAccountSettingsInput): Promise<Account> {
    return this.uow.join(async () => {
      const account = await this.accounts.findById(input.accountId);
      if (!account) throw new AccountNotFound(input.accountId);
      account.changeSettings(input);
      // Going live needs the business profile (the account checks it) and a working processor.
      if (input.liveOnboarded && !(await this.processors.of({ accountId: account.id, livemode: true }))) {
        throw new ValidationError(
          'processor_required',
          'Connect the live card processor (POST /v1/account/processor with a live secret key) before going live',
          'processor',
        );
      }
      await this.accounts.save(account);
      return account;
    });
  }
}
