import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { WebhookEndpoint } from '../domain/webhook-endpoint';
import { EVENTS } from '../events.tokens';
import type { WebhookEndpointRepository } from './ports/event-repository';

@injectable()
export class ListWebhookEndpoints {
  constructor(@inject(EVENTS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository) {}

  execute(scope: Scope): Promise<WebhookEndpoint[]> {
    return this.endpoints.list(scope);
  }
}
