import type { Scope } from './scope';

/** The time a customer lives on, and the test clock it comes from (null: real time). */
export interface CustomerTime {
  now: Date;
  testClockId: string | null;
}

/**
 * What time it is for a customer: a customer on a test clock lives on the clock's frozen time, everyone
 * else on real time. Asked by every module that needs a customer's time (subscriptions, renewals, hold
 * and session expiry); answered once, in main/, where customers and test clocks meet.
 */
export interface CustomerClock {
  /** The time of one customer, or of every customer on one test clock. */
  now(scope: Scope, whose: { customerId: string } | { testClockId: string }): Promise<CustomerTime>;
}

/** A sweep run for one test clock's customers, on that clock's time. */
export interface TestClockSweep {
  scope: Scope;
  testClockId: string;
}
