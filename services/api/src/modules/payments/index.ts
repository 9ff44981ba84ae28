// The payments module's public face: what other modules may use.
export { AlreadySettled, ChargeSavedCard } from './application/charge-saved-card';
export { CreatePaymentMethod } from './application/create-payment-method';
export { ExpireHolds } from './application/expire-holds';
export { failureMessage } from './application/failure-messages';
export { GetPaymentMethod } from './application/get-payment-method';
export { ListPaymentMethods } from './application/list-payment-methods';
export { MoneyGate } from './application/money-gate';
export { PayCheckout } from './application/pay-checkout';
export type { CheckoutPayment, PaymentOutcome } from './application/pay-checkout';
export type { CardDetails, CardInput } from './application/ports/card-processor';
export { TokenizeCard } from './application/tokenize-card';
