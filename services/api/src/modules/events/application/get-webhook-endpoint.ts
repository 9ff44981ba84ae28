import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import { type WebhookEndpoint, WebhookEndpointNotFound } from '../domain/webhook-endpoint';
import { EVENTS } from '../events.tokens';
import type { WebhookEndpointRepository } from './ports/event-repository';

@injectable()
export class GetWebhookEndpoint {
  constructor(@inject(EVENTS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository) {}

  async execute(scope: Scope, id: number): Promise<WebhookEndpoint> {
    const endpoint = await this.endpoints.findById(scope, id);
    if (!endpoint) throw new WebhookEndpointNotFound(id);
    return endpoint;
  }
}
