import type { Metadata } from '../../../shared/domain/metadata';
import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { PERSISTENCE } from '../../../platform/persistence/persistence.tokens';
import type { UnitOfWork } from '../../../platform/persistence/unit-of-work';
import { parseEndpointUrl, parseSubscribedEvents, type WebhookEndpoint, WebhookEndpointNotFound } from '../domain/webhook-endpoint';
import { EVENTS } from '../events.tokens';
import type { WebhookEndpointRepository } from './ports/event-repository';
import type { DestinationGuard, WebhookSettings } from './ports/webhook-transport';

/** Changes an endpoint's url (checked as on create, its destination too), events or active flag. */
@injectable()
export class UpdateWebhookEndpoint {
  constructor(
    @inject(EVENTS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(EVENTS.DestinationGuard) private readonly guard: DestinationGuard,
    @inject(EVENTS.Settings) private readonly settings: WebhookSettings,
    @inject(PERSISTENCE.UnitOfWork) private readonly uow: UnitOfWork,
  ) {}

  async execute(
    scope: Scope,
    id: number,
    input: { url?: string; events?: string[]; active?: boolean; metadata?: Metadata },
  ): Promise<WebhookEndpoint> {
    const allowLoopback = !scope.livemode && this.settings.allowLoopbackInTestMode;
    const url = input.url === undefined ? undefined : parseEndpointUrl(input.url, { allowLoopback });
    const events = input.events === undefined ? undefined : parseSubscribedEvents(input.events);
    if (url) await this.guard.check(url, allowLoopback);
    return this.uow.join(async () => {
      const endpoint = await this.endpoints.findByIdForUpdate(scope, id);
      if (!endpoint) throw new WebhookEndpointNotFound(id);
      endpoint.change({ url, events, active: input.active, metadata: input.metadata });
      await this.endpoints.save(endpoint);
      return endpoint;
    });
  }
}
