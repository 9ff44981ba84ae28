import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { ACCOUNTS } from '../accounts.tokens';
import type { AccountProcessors, ProcessorView } from './ports/account-processors';

@injectable()
export class GetAccountProcessor {
  constructor(@inject(ACCOUNTS.Processors) private readonly processors: AccountProcessors) {}

  execute(scope: Scope): Promise<ProcessorView | null> {
    return this.processors.of(scope);
  }
}
