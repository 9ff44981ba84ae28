import { inject, injectable } from 'inversify';
import { DomainError } from '../../../../shared/domain/domain-error';
import type { Scope } from '../../../../shared/domain/scope';
import { GetAccount } from '../../../accounts';
import { PAYMENTS } from '../../payments.tokens';
import { type CardProcessor, type ProcessorDirectory, ProcessorUnavailable } from '../ports/card-processor';
import type { ProcessorConnectionRepository } from '../ports/payment-repositories';

/**
 * The processor for a money-moving call. Live keys move money only once the account is onboarded
 * (403 `account_not_onboarded`), which needs a connected processor.
 */
@injectable()
export class MoneyGate {
  constructor(
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(PAYMENTS.Processors) private readonly processors: ProcessorDirectory,
    @inject(PAYMENTS.ProcessorConnectionRepository) private readonly connections: ProcessorConnectionRepository,
  ) {}

  async processorFor(scope: Scope): Promise<CardProcessor> {
    await this.checkOnboarded(scope);
    return this.processors.forScope(scope);
  }

  /**
   * Onboarded, and in live mode a processor connected (503 `processor_unavailable` otherwise), read in
   * the caller's transaction without opening the credentials: the call looks the processor up outside it.
   */
  async checkReady(scope: Scope): Promise<void> {
    await this.checkOnboarded(scope);
    if (scope.livemode && !(await this.connections.find(scope.accountId))) throw new ProcessorUnavailable();
  }

  /** The onboarding check alone, for a call whose processor the money driver looks up itself. */
  async checkOnboarded(scope: Scope): Promise<void> {
    if (scope.livemode && !(await this.getAccount.execute(scope.accountId)).liveOnboarded) {
      throw new DomainError('account_not_onboarded', 'Live payments need processor onboarding and business identity linking first');
    }
  }
}
