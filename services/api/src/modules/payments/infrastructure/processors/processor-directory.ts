import { inject, injectable } from 'inversify';
import type { Scope } from '../../../../shared/domain/scope';
import type { SecretBox } from '../../../../shared/domain/secret-box';
import { SHARED } from '../../../../shared/domain/shared.tokens';
import {
  type CardProcessor,
  type ProcessorCapabilities,
  type ProcessorCredentials,
  type TerminalSettings,
  type ProcessorDirectory,
  ProcessorUnavailable,
} from '../../application/ports/card-processor';
import type { ProcessorConnectionRepository } from '../../application/ports/payment-repositories';
import { PROCESSOR_CREDENTIALS, type ProcessorName } from '../../domain/processor-connection';
import { PAYMENTS, type PaymentSettings } from '../../payments.tokens';
import { SIMULATED_CAPABILITIES } from './simulated/capabilities';
import { SimulatedProcessor } from './simulated/simulated.connector';
import { tranzilaCapabilities } from './tranzila/capabilities';
import { TranzilaConnector } from './tranzila/tranzila.connector';

/**
 * Test mode uses the simulated processor; live mode the account's connected gateway, its credentials
 * opened from their seal. A connector is kept per account until its credentials change.
 */
@injectable()
export class ConnectedProcessorDirectory implements ProcessorDirectory {
  private readonly live = new Map<string, { sealed: string; processor: CardProcessor }>();

  constructor(
    @inject(SimulatedProcessor) private readonly simulated: SimulatedProcessor,
    @inject(PAYMENTS.ProcessorConnectionRepository) private readonly connections: ProcessorConnectionRepository,
    @inject(SHARED.SecretBox) private readonly secrets: SecretBox,
    @inject(PAYMENTS.Settings) private readonly settings: PaymentSettings,
  ) {}

  async forScope(scope: Scope): Promise<CardProcessor> {
    if (!scope.livemode) return this.simulated;
    const connection = await this.connections.find(scope.accountId);
    if (!connection) throw new ProcessorUnavailable();
    const kept = this.live.get(scope.accountId);
    if (kept?.sealed === connection.credentialsSealed) return kept.processor;
    const credentials = JSON.parse(
      await this.secrets.open(scope.accountId, PROCESSOR_CREDENTIALS, connection.credentialsSealed),
    ) as ProcessorCredentials;
    const processor = this.connector(connection.name, connection.terminal, credentials, connection.settings);
    this.live.set(scope.accountId, { sealed: connection.credentialsSealed, processor });
    return processor;
  }

  capabilitiesOf(name: ProcessorName | 'simulated'): ProcessorCapabilities {
    return name === 'simulated' ? SIMULATED_CAPABILITIES : tranzilaCapabilities(this.settings.processors.tranzilaHostedFieldsUrl);
  }

  connector(name: ProcessorName, terminal: string, credentials: ProcessorCredentials, settings: TerminalSettings = {}): CardProcessor {
    const { tranzilaApiUrl, tranzilaReportUrl, tranzilaHostedFieldsUrl, timeoutMs } = this.settings.processors;
    switch (name) {
      case 'tranzila':
        return new TranzilaConnector(
          { terminal, appKey: credentials.app_key, secret: credentials.secret },
          {
            apiUrl: tranzilaApiUrl,
            reportUrl: tranzilaReportUrl,
            hostedFieldsUrl: tranzilaHostedFieldsUrl,
            timeoutMs,
            fingerprintSecret: this.settings.fingerprintSecret,
          },
          settings,
        );
    }
  }
}
