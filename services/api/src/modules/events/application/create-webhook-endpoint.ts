import type { Metadata } from '../../../shared/domain/metadata';
import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import {
  MAX_ENDPOINTS_PER_MODE,
  parseEndpointUrl,
  parseSubscribedEvents,
  WebhookEndpoint,
  WebhookEndpointLimit,
} from '../domain/webhook-endpoint';
import type { SecretBox } from '../../../shared/domain/secret-box';
import { EVENTS } from '../events.tokens';
import { mintSigningSecret } from './signing-secrets';
import type { WebhookEndpointRepository } from './ports/event-repository';
import type { DestinationGuard, WebhookSettings } from './ports/webhook-transport';

@injectable()
export class CreateWebhookEndpoint {
  constructor(
    @inject(EVENTS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(EVENTS.DestinationGuard) private readonly guard: DestinationGuard,
    @inject(EVENTS.Settings) private readonly settings: WebhookSettings,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
    @inject(SHARED.SecretBox) private readonly secrets: SecretBox,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  /** The endpoint, and its signing secret: answered now, and never again. */
  async execute(
    scope: Scope,
    input: { url: string; events: string[]; metadata?: Metadata },
  ): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
    const allowLoopback = !scope.livemode && this.settings.allowLoopbackInTestMode;
    const url = parseEndpointUrl(input.url, { allowLoopback });
    const events = parseSubscribedEvents(input.events);
    await this.guard.check(url, allowLoopback);
    const { secret, sealed } = await mintSigningSecret(this.secrets, scope.accountId);
    return this.uow.join(async () => {
      if ((await this.endpoints.countLocked(scope)) >= MAX_ENDPOINTS_PER_MODE) throw new WebhookEndpointLimit();
      const endpoint = WebhookEndpoint.register(scope, { url, events, secret: sealed, metadata: input.metadata }, this.clock.now());
      await this.endpoints.add(endpoint);
      return { endpoint, secret };
    });
  }
}
