import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import type { Account } from '../domain/account';
import { AccountLogo, type LogoType } from '../domain/account-logo';
import { AccountNotFound } from '../domain/account-errors';
import { ACCOUNTS, type AccountModuleSettings } from '../accounts.tokens';
import type { AccountRepository, LogoRepository } from './ports/account-repository';

/** The merchant's logo, uploaded: kept by Kupa and served by the checkout host, so no page loads it from elsewhere. */
@injectable()
export class UploadLogo {
  constructor(
    @inject(ACCOUNTS.AccountRepository) private readonly accounts: AccountRepository,
    @inject(ACCOUNTS.LogoRepository) private readonly logos: LogoRepository,
    @inject(ACCOUNTS.Settings) private readonly settings: AccountModuleSettings,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(accountId: string, upload: { contentType: LogoType; data: string }): Promise<Account> {
    const logo = AccountLogo.upload(accountId, upload.contentType, upload.data, this.clock.now());
    return this.uow.join(async () => {
      const account = await this.accounts.findById(accountId);
      if (!account) throw new AccountNotFound(accountId);
      await this.logos.add(logo);
      account.useLogo(logo.id, `${this.settings.checkoutHostUrl}/logos/${logo.id}`);
      await this.accounts.save(account);
      return account;
    });
  }
}
