import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { PAYMENTS } from '../payments.tokens';
import type { ProcessorCapabilities, ProcessorDirectory } from './ports/card-processor';
import type { ProcessorConnectionRepository } from './ports/payment-repositories';

/** A processor as the account shows it: which, the terminal, what it can do; never its credentials. */
export interface ProcessorSummary {
  name: 'simulated' | 'tranzila';
  terminal: string | null;
  capabilities: ProcessorCapabilities;
  livemode: boolean;
  createdAt: Date | null;
  updatedAt: Date | null;
}

/** The processor of a scope's mode: the simulated one in test mode, the connected one (or none) in live mode. */
@injectable()
export class DescribeProcessor {
  constructor(
    @inject(PAYMENTS.ProcessorConnectionRepository) private readonly connections: ProcessorConnectionRepository,
    @inject(PAYMENTS.Processors) private readonly processors: ProcessorDirectory,
  ) {}

  async execute(scope: Scope): Promise<ProcessorSummary | null> {
    if (!scope.livemode) {
      const { capabilities } = await this.processors.forScope(scope);
      return { name: 'simulated', terminal: null, capabilities, livemode: false, createdAt: null, updatedAt: null };
    }
    const connection = await this.connections.find(scope.accountId);
    if (!connection) return null;
    const { capabilities } = await this.processors.forScope(scope);
    return { name: connection.name, terminal: connection.terminal, capabilities, livemode: true, createdAt: connection.createdAt, updatedAt: connection.updatedAt };
  }
}
