import { inject, injectable } from 'inversify';
import type { SecretBox } from '../../../shared/domain/secret-box';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { EVENTS } from '../events.tokens';
import type { WebhookEndpointRepository } from './ports/event-repository';
import { sealSigningSecret } from './signing-secrets';

/**
 * Signing secrets stored in the clear, by a version before secrets were sealed, are sealed (by the
 * worker at start-up and hourly). Each is replaced only if it has not changed since it was read, so a
 * rotation at the same moment wins. Answers how many endpoints it sealed.
 */
@injectable()
export class SealStoredSigningSecrets {
  constructor(
    @inject(EVENTS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(SHARED.SecretBox) private readonly secrets: SecretBox,
  ) {}

  async execute(): Promise<number> {
    let sealed = 0;
    for (let batch = await this.endpoints.findUnsealed(100); batch.length > 0; batch = await this.endpoints.findUnsealed(100)) {
      for (const endpoint of batch) {
        for (const stored of [endpoint.secret, endpoint.previousSecret]) {
          if (stored?.startsWith('whsec_'))
            await this.endpoints.sealStored(endpoint, stored, await sealSigningSecret(this.secrets, endpoint.accountId, stored));
        }
      }
      sealed += batch.length;
    }
    return sealed;
  }
}
