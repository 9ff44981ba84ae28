import { inject, injectable } from 'inversify';
import type { AccountProcessors, ProcessorTerminal, ProcessorView } from '../modules/accounts';
import { ConnectTerminal, DescribeProcessor } from '../modules/payments';
import type { Scope } from '../shared/domain/scope';

/**
 * Where accounts and payments meet over the card processor: payments keeps the connection (it builds
 * connectors and moves money through them), the account shows it and needs it to go live.
 */
@injectable()
export class PaymentsAccountProcessors implements AccountProcessors {
  constructor(
    @inject(DescribeProcessor) private readonly describe: DescribeProcessor,
    @inject(ConnectTerminal) private readonly connectTerminal: ConnectTerminal,
  ) {}

  of(scope: Scope): Promise<ProcessorView | null> {
    return this.describe.execute(scope);
  }

  connect(scope: Scope, terminal: ProcessorTerminal): Promise<ProcessorView> {
    return this.connectTerminal.execute(scope, terminal);
  }
}
