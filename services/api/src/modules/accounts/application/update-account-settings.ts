import { inject, injectable } from 'inversify';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import type { Account, AccountSettings } from '../domain/account';
import { AccountNotFound } from '../domain/account-errors';
import { ValidationError } from '../../../shared/domain/domain-error';
import { FindCatalogItems, inactivePrice } from '../../catalog';
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
    @inject(FindCatalogItems) private readonly catalog: FindCatalogItems,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(input: UpdateAccountSettingsInput): Promise<Account> {
    if (input.portal?.settings.allowedPrices)
      await this.checkPrices(input.accountId, input.portal.livemode, input.portal.settings.allowedPrices);
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

  /** The portal's prices: active recurring prices of the mode's catalog, else 400 on the first that is not. */
  private async checkPrices(accountId: string, livemode: boolean, ids: string[]): Promise<void> {
    const { prices } = await this.catalog.execute({ accountId, livemode }, { prices: ids });
    ids.forEach((id, i) => {
      const param = `portal.allowed_prices[${i}]`;
      const price = prices.get(id);
      if (!price) throw new ValidationError('price_not_found', `No such price: '${id}'`, param);
      if (!price.active) throw inactivePrice(id, param);
      if (price.type !== 'recurring')
        throw new ValidationError('price_not_recurring', 'The portal switches between recurring prices', param);
    });
  }
}
