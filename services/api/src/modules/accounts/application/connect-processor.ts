import { inject, injectable } from 'inversify';
import { ValidationError } from '../../../shared/domain/domain-error';
import type { Scope } from '../../../shared/domain/scope';
import { ACCOUNTS } from '../accounts.tokens';
import type { AccountProcessors, ProcessorTerminal, ProcessorView } from './ports/account-processors';

/** A live account connects the terminal its money goes through; a test key is refused (test mode uses the simulated processor). */
@injectable()
export class ConnectProcessor {
  constructor(@inject(ACCOUNTS.Processors) private readonly processors: AccountProcessors) {}

  execute(scope: Scope, terminal: ProcessorTerminal): Promise<ProcessorView> {
    if (!scope.livemode)
      throw new ValidationError(
        'livemode_required',
        'Connect a processor with a live secret key (sk_live_…); test mode always uses the simulated processor',
      );
    return this.processors.connect(scope, terminal);
  }
}
