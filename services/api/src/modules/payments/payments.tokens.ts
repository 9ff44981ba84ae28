export const PAYMENTS = {
  ChargeRepository: Symbol.for('ChargeRepository'),
  PaymentAttemptRepository: Symbol.for('PaymentAttemptRepository'),
  ChargeOperationRepository: Symbol.for('ChargeOperationRepository'),
  MoneyIntentRepository: Symbol.for('MoneyIntentRepository'),
  PaymentMethodRepository: Symbol.for('PaymentMethodRepository'),
  RefundRepository: Symbol.for('RefundRepository'),
  CardTokenRepository: Symbol.for('CardTokenRepository'),
  Processors: Symbol.for('ProcessorDirectory'),
  ProcessorConnectionRepository: Symbol.for('ProcessorConnectionRepository'),
  Settings: Symbol.for('PaymentSettings'),
};

/** Where each module that owns a kind of money intent binds its `IntentFinisher`, for the reconciler. */
export const INTENT_FINISHERS = Symbol.for('IntentFinishers');

export const HOLD_EXPIRY_QUEUE = 'charge-hold-expiry-sweep';

export interface PaymentSettings {
  /** A pending attempt older than this is taken to be orphaned by a crash; the next confirm finishes it. */
  attemptStaleMs: number;
  /** Test-only fault points (`TEST_FAULTS`), to prove crash recovery. */
  faults: Set<string>;
  /** The key of card fingerprints, from configuration: a database dump alone cannot reverse them. */
  fingerprintSecret: string;
  /** How long the simulated processor takes to answer a money call. */
  simulatedLatencyMs: number;
  /** Where the live connectors reach their gateways (a twin's address on a laptop), and how long a call may go unanswered. */
  processors: { tranzilaApiUrl: string; tranzilaReportUrl: string; tranzilaHostedFieldsUrl: string; timeoutMs: number };
}
