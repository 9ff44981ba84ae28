import { inject, injectable } from 'inversify';
import type { Clock } from '../../../shared/domain/clock';
import type { Scope } from '../../../shared/domain/scope';
import { SHARED } from '../../../shared/domain/shared.tokens';
import { WebhookEndpointNotFound } from '../domain/webhook-endpoint';
import { EVENTS } from '../events.tokens';
import type { WebhookEndpointRepository } from './ports/event-repository';

/** Stops every delivery to the endpoint, pending retries included; its delivery log stays. */
@injectable()
export class DeleteWebhookEndpoint {
  constructor(
    @inject(EVENTS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(SHARED.Clock) private readonly clock: Clock,
  ) {}

  async execute(scope: Scope, id: number): Promise<void> {
    const endpoint = await this.endpoints.findById(scope, id);
    if (!endpoint) throw new WebhookEndpointNotFound(id);
    endpoint.delete(this.clock.now());
    await this.endpoints.save(endpoint);
  }
}
