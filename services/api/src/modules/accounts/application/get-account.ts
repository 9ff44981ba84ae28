import { inject, injectable } from 'inversify';
import type { Account } from '../domain/account';
import { AccountNotFound } from '../domain/account-errors';
import { ACCOUNTS } from '../accounts.tokens';
import type { AccountRepository } from './ports/account-repository';

@injectable()
export class GetAccount {
  constructor(@inject(ACCOUNTS.AccountRepository) private readonly accounts: AccountRepository) {}

  async execute(accountId: string): Promise<Account> {
    const account = await this.accounts.findById(accountId);
    if (!account) throw new AccountNotFound(accountId);
    return account;
  }
}

export type { Account };
