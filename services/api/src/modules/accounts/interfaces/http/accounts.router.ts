import { inject, injectable } from 'inversify';
import type { Schemas } from '../../../../platform/http/contract';
import type { OperationHandlers } from '../../../../platform/http/contract-router';
import { GetAccount } from '../../application/get-account';
import type { Account } from '../../domain/account';

export function toAccountResponse(account: Account, livemode: boolean): Schemas['Account'] {
  return {
    id: account.id,
    object: 'account',
    name: account.name,
    wallets_enabled: account.walletsEnabled,
    live_onboarded: account.liveOnboarded,
    cardholder_id_required: account.cardholderIdRequired,
    livemode,
    created: account.createdAt.toISOString(),
  };
}

@injectable()
export class AccountsRouter {
  constructor(@inject(GetAccount) private readonly getAccount: GetAccount) {}

  handlers(): OperationHandlers {
    return {
      getAccount: async ({ auth }) => ({ success: true, data: toAccountResponse(await this.getAccount.execute(auth.accountId), auth.livemode) }),
    };
  }
}
