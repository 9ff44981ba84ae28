import { inject, injectable } from 'inversify';
import type { Scope } from '../../../shared/domain/scope';
import type { Page, PageRequest } from '../../../shared/domain/page';
import type { WebhookDelivery } from '../domain/webhook-delivery';
import { WebhookEndpointNotFound } from '../domain/webhook-endpoint';
import { EVENTS } from '../events.tokens';
import type { WebhookDeliveryRepository, WebhookEndpointRepository } from './ports/event-repository';

@injectable()
export class ListWebhookDeliveries {
  constructor(
    @inject(EVENTS.WebhookEndpointRepository) private readonly endpoints: WebhookEndpointRepository,
    @inject(EVENTS.WebhookDeliveryRepository) private readonly deliveries: WebhookDeliveryRepository,
  ) {}

  async execute(scope: Scope, endpointId: number, filter: { event?: string }, page: PageRequest): Promise<Page<WebhookDelivery>> {
    if (!(await this.endpoints.findById(scope, endpointId))) throw new WebhookEndpointNotFound(endpointId);
    return this.deliveries.list(endpointId, filter, page);
  }
}
