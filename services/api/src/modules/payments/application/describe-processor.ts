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

  /** One read of the connection in live mode, none in test mode; the credentials stay sealed. */
  async execute(scope: Scope): Promise<ProcessorSummary | null> {
    if (!scope.livemode)
      return {
        name: 'simulated',
        terminal: null,
        capabilities: this.processors.capabilitiesOf('simulated'),
        livemode: false,
        createdAt: null,
        updatedAt: null,
      };
    const connection = await this.connections.find(scope.accountId);
    if (!connection) return null;
    const { name, terminal, createdAt, updatedAt } = connection;
    return { name, terminal, capabilities: this.processors.capabilitiesOf(name), livemode: true, createdAt, updatedAt };
  }

  /**
   * The origins a payment page of the scope lets in besides its own (its Content-Security-Policy): the
   * processor's card fields in live mode, where the processor takes cards in its own fields; none otherwise.
   */
  async cardFieldOrigins(scope: Scope): Promise<string[]> {
    if (!scope.livemode) return [];
    const collection = (await this.execute(scope))?.capabilities.cardCollection;
    return collection?.type === 'hosted_fields' ? [new URL(collection.scriptUrl).origin] : [];
  }
}
