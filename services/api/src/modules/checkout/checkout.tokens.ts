export const CHECKOUT = {
  CheckoutSessionRepository: Symbol.for('CheckoutSessionRepository'),
  Settings: Symbol.for('CheckoutSettings'),
};

export const SESSION_EXPIRY_QUEUE = 'checkout-session-expiry';
export const SESSION_EXPIRY_SWEEP_QUEUE = 'checkout-session-expiry-sweep';

export interface CheckoutSettings {
  /** Where the hosted page lives: `{checkoutHostUrl}/checkout/<id>`. */
  checkoutHostUrl: string;
  /** The API's public base URL, where processors send their notifications (`PUBLIC_BASE_URL`). */
  apiBaseUrl: string;
}
