import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { ApiKey, type KeyScope } from '../domain/api-key';
import { AccountNotFound } from '../domain/account-errors';
import { ACCOUNTS } from '../accounts.tokens';
import type { AccountRepository, ApiKeyRepository } from './ports/account-repository';
import type { KeyRevocations } from './ports/key-revocations';

export interface IssueApiKeyInput {
  accountId: string;
  livemode: boolean;
  scope: KeyScope;
  /** Revoke the account's other active keys of the same mode and scope (a rotation). */
  revokeOthers: boolean;
}

export interface IssueApiKeyOutput {
  secret: string;
  revoked: number;
}

/** Issues a key; as a rotation it also revokes the keys it replaces, in the same transaction. */
@injectable()
export class IssueApiKey {
  constructor(
    @inject(ACCOUNTS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(ACCOUNTS.ApiKeyRepository) private readonly keys: ApiKeyRepository,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(ACCOUNTS.KeyRevocations) private readonly revocations: KeyRevocations,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(input: IssueApiKeyInput): Promise<IssueApiKeyOutput> {
    return this.uow.run(async () => {
      if (!(await this.accounts.findById(input.accountId))) throw new AccountNotFound(input.accountId);
      const now = this.clock.now();
      const replaced = input.revokeOthers ? await this.keys.findActive(input.accountId, input.livemode, input.scope) : [];
      for (const key of replaced) key.revoke(now);
      const issued = ApiKey.issue(input, now);
      await this.keys.add([issued.key]);
      await this.keys.save(replaced);
      await this.revocations.announce(replaced.map((key) => key.secretHash));
      return { secret: issued.secret, revoked: replaced.length };
    });
  }
}
