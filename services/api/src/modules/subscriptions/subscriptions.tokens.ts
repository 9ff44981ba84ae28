export const SUBSCRIPTIONS = {
  SubscriptionRepository: Symbol.for('SubscriptionRepository'),
};

export const RENEWAL_QUEUE = 'subscription-renewals';
