export const EVENTS = {
  EventRepository: Symbol.for('EventRepository'),
  WebhookEndpointRepository: Symbol.for('WebhookEndpointRepository'),
  WebhookDeliveryRepository: Symbol.for('WebhookDeliveryRepository'),
  WebhookSender: Symbol.for('WebhookSender'),
  DestinationGuard: Symbol.for('DestinationGuard'),
  DnsResolver: Symbol.for('DnsResolver'),
  Settings: Symbol.for('WebhookSettings'),
};

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';
