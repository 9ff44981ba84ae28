/** Every event the service emits (the contract's EventType). */
export const EVENT_TYPES = [
  'charge.succeeded',
  'charge.failed',
  'charge.authorized',
  'charge.captured',
  'charge.canceled',
  'charge.refunded',
  'customer.updated',
  'customer.deleted',
  'product.updated',
  'price.updated',
  'subscription.created',
  'subscription.updated',
  'subscription.canceled',
  'subscription.past_due',
  'subscription.paused',
  'subscription.resumed',
  'subscription.trial_will_end',
  'checkout_session.completed',
  'checkout_session.expired',
  'document.created',
  'document.updated',
  'tax_authority_connection.updated',
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}
