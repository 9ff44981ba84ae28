import { inject, injectable } from 'inversify';
import { DomainError } from '../../../shared/domain/domain-error';
import type { Scope } from '../../../shared/domain/scope';
import { GetAccount } from '../../accounts';
import { PAYMENTS } from '../payments.tokens';
import type { CardProcessor, ProcessorDirectory } from './ports/card-processor';

/**
 * The processor for a money-moving call. Live keys move money only after processor onboarding
 * (403 `account_not_onboarded`); after it, live mode answers 503 `processor_unavailable` until a live
 * processor adapter is configured.
 */
@injectable()
export class MoneyGate {
  constructor(
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(PAYMENTS.Processors) private readonly processors: ProcessorDirectory,
  ) {}

  async processorFor(scope: Scope): Promise<CardProcessor> {
    if (scope.livemode && !(await this.getAccount.execute(scope.accountId)).liveOnboarded) {
      throw new DomainError('account_not_onboarded', 'Live payments need processor onboarding and business identity linking first');
    }
    return this.processors.forMode(scope.livemode);
  }
}
