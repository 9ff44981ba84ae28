export const SUBSCRIPTIONS = {
  SubscriptionRepository: Symbol.for('SubscriptionRepository'),
  SubscriptionStartRepository: Symbol.for('SubscriptionStartRepository'),
  SubscriptionChangeRepository: Symbol.for('SubscriptionChangeRepository'),
  Settings: Symbol.for('SubscriptionSettings'),
  PortalLinks: Symbol.for('PortalLinks'),
};

export const RENEWAL_QUEUE = 'subscription-renewals';
export const CARD_EXPIRY_QUEUE = 'card-expiry-notices';

export interface SubscriptionSettings {
  /** A start or change still being charged this long after it was committed is taken to be orphaned by a crash. */
  startStaleMs: number;
}
