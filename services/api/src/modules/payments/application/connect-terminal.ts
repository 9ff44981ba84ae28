import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Scope } from '../../../shared/domain/scope';
import type { SecretBox } from '../../../shared/domain/secret-box';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { PROCESSOR_CREDENTIALS, ProcessorConnection, type ProcessorName } from '../domain/processor-connection';
import { PAYMENTS } from '../payments.tokens';
import { DescribeProcessor, type ProcessorSummary } from './describe-processor';
import type { ProcessorCredentials, ProcessorDirectory } from './ports/card-processor';
import type { ProcessorConnectionRepository } from './ports/payment-repositories';

/**
 * Connects a live account's gateway terminal: the credentials and the terminal's set-up are checked with
 * read-only calls to the gateway, the credentials sealed by the account's data key and kept with what the
 * gateway told of the terminal; they are never answered, logged or put in an
 * event. Connecting again replaces them.
 */
@injectable()
export class ConnectTerminal {
  constructor(
    @inject(PAYMENTS.Processors) private readonly processors: ProcessorDirectory,
    @inject(PAYMENTS.ProcessorConnectionRepository) private readonly connections: ProcessorConnectionRepository,
    @inject(SHARED.SecretBox) private readonly secrets: SecretBox,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(DescribeProcessor) private readonly describe: DescribeProcessor,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(
    scope: Scope,
    input: { name: ProcessorName; terminal: string; credentials: ProcessorCredentials },
  ): Promise<ProcessorSummary> {
    const settings = await this.processors.connector(input.name, input.terminal, input.credentials).connect();
    const sealed = await this.secrets.seal(scope.accountId, PROCESSOR_CREDENTIALS, JSON.stringify(input.credentials));
    await this.uow.join(async () => {
      const existing = await this.connections.find(scope.accountId);
      const now = this.clock.now();
      if (existing) existing.reconnect(input.name, input.terminal, sealed, settings, now);
      await this.connections.save(
        existing ?? ProcessorConnection.connect(scope.accountId, input.name, input.terminal, sealed, settings, now),
      );
    });
    return (await this.describe.execute(scope))!;
  }
}
