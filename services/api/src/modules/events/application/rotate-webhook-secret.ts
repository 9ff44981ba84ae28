import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { type WebhookEndpoint, WebhookEndpointNotFound } from '../domain/webhook-endpoint';
import type { SecretBox } from '../../../shared/domain/secret-box';
import { EVENTS } from '../events.tokens';
import { mintSigningSecret } from './signing-secrets';
import type { WebhookEndpointRepository } from './ports/event-repository';

export const DEFAULT_SECRET_OVERLAP_SECONDS = 24 * 60 * 60;

/** A new signing secret for an endpoint, the old one signing beside it for a while (no downtime). */
@injectable()
export class RotateWebhookSecret {
  constructor(
    @inject(EVENTS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.SecretBox) private readonly secrets: SecretBox,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /** The endpoint, and its new signing secret: answered now, and never again. */
  async execute(
    scope: Scope,
    id: number,
    overlapSeconds = DEFAULT_SECRET_OVERLAP_SECONDS,
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const { secret, sealed } = await mintSigningSecret(this.secrets, scope.accountId);
    return this.uow.join(async () => {
      const endpoint = await this.endpoints.findByIdForUpdate(scope, id);
      if (!endpoint) throw new WebhookEndpointNotFound(id);
      endpoint.rotateSecret(sealed, overlapSeconds, this.clock.now());
      await this.endpoints.save(endpoint);
      return { endpoint, secret };
    });
  }
}
