import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/domain-error';
import type { Scope } from '../../../../shared/domain/scope';
import { GetAccount } from '../../../accounts';
import { PAYMENTS } from '../../payments.tokens';
import type { CardProcessor, ProcessorDirectory } from '../ports/card-processor';

/**
 * The processor for a money-moving call. Live keys move money only once the account is onboarded
 * (403 `account_not_onboarded`), which needs a connected processor.
 */
@injectable()
export class MoneyGate {
  constructor(
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(PAYMENTS.Processors) private readonly processors: ProcessorDirectory,
  ) {}

  async processorFor(scope: Scope): Promise<CardProcessor> {
    await this.checkOnboarded(scope);
    return this.processors.forScope(scope);
  }

  /** The onboarding check alone, for a call whose processor the money driver looks up itself. */
  async checkOnboarded(scope: Scope): Promise<void> {
    if (scope.livemode && !(await this.getAccount.execute(scope.accountId)).liveOnboarded) {
      throw new DomainError('account_not_onboarded', 'Live payments need processor onboarding and business identity linking first');
    }
  }
}
