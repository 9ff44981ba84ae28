export const SUBSCRIPTIONS = {
  SubscriptionRepository: Symbol.for('SubscriptionRepository'),
  SubscriptionStartRepository: Symbol.for('SubscriptionStartRepository'),
  SubscriptionChangeRepository: Symbol.for('SubscriptionChangeRepository'),
  PortalLinks: Symbol.for('PortalLinks'),
};

export const RENEWAL_QUEUE = 'subscription-renewals';
export const CARD_EXPIRY_QUEUE = 'card-expiry-notices';
