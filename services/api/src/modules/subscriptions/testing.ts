// The subscriptions module's face for other modules' specifications: renewals over fakes; never for production code.
export { InMemorySubscriptions } from './application/testing/fakes';
export { renewalsWorld } from './application/testing/world';
