// The payments module's face for other modules' specifications: its money flows over fakes, and object
// mothers; never for production code.
export { ProcessorTimeout } from './application/ports/card-processor';
export { type CardBehaviour, fakeAccounts, fakeCustomers, InMemoryPaymentMethods } from './application/testing/fakes';
export { aCardPayment, aCharge, aHold, aSavedCard, paymentsWorld, type PaymentsWorld, SCOPE, T0 } from './application/testing/world';
