/**
 * What went wrong, in terms the HTTP error mapper turns into a status and an error `type`.
 * Only `platform/http/error-mapper.ts` knows the statuses.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payment_failed'
  | 'too_large'
  | 'method_not_allowed'
  | 'headers_too_large'
  | 'timed_out'
  | 'unsupported_media_type'
  | 'rate_limited'
  | 'not_implemented'
  | 'unavailable';

/**
 * Every error code the service answers, declared once with its kind (the error mapper turns a kind into
 * an HTTP status). `openapi.yaml` lists the same codes in `Error.error.code`, and a test keeps the two equal.
 */
export const ERROR_CODES = {
  api_key_revoked: 'conflict',
  csrf_token_invalid: 'forbidden',
  origin_not_allowed: 'forbidden',
  invitation_invalid: 'invalid',
  last_owner: 'conflict',
  password_too_weak: 'invalid',
  refund_limit_exceeded: 'forbidden',
  session_invalid: 'unauthenticated',
  sign_in_failed: 'unauthenticated',
  sign_in_locked: 'rate_limited',
  two_factor_code_invalid: 'invalid',
  two_factor_code_required: 'unauthenticated',
  two_factor_not_started: 'conflict',
  two_factor_required: 'forbidden',
  user_exists: 'conflict',
  amount_too_large: 'invalid',
  auto_open_wallets_not_supported_for_manual: 'invalid',
  auto_open_wallets_not_supported_for_recurring: 'invalid',
  auto_open_wallets_requires_wallet: 'invalid',
  business_profile_required: 'invalid',
  card_expired: 'invalid',
  card_number_invalid: 'invalid',
  cart_total_negative: 'invalid',
  challenge_not_found: 'invalid',
  clock_cannot_move_backwards: 'invalid',
  code_or_automatic_required: 'invalid',
  currency_not_supported: 'invalid',
  customer_not_found: 'invalid',
  cvc_invalid: 'invalid',
  discount_amount_required: 'invalid',
  discount_code_not_found: 'invalid',
  event_type_unknown: 'invalid',
  exhausted: 'invalid',
  expired: 'invalid',
  express_checkout_disabled: 'invalid',
  holder_id_invalid: 'invalid',
  inactive: 'invalid',
  installments_not_allowed: 'invalid',
  installments_not_supported_for_manual: 'invalid',
  installments_not_supported_for_recurring: 'invalid',
  invalid_json: 'invalid',
  invalid_request: 'invalid',
  line_item_target_not_found: 'invalid',
  livemode_not_allowed: 'invalid',
  livemode_required: 'invalid',
  processor_required: 'invalid',
  not_supported_by_processor: 'invalid',
  manual_capture_not_supported_for_recurring: 'invalid',
  not_applicable: 'invalid',
  one_time_price_with_line_items: 'invalid',
  parameter_invalid: 'invalid',
  parameter_missing: 'invalid',
  parameter_unknown: 'invalid',
  payment_method_not_found: 'invalid',
  payment_methods_not_supported_for_recurring: 'invalid',
  price_not_found: 'invalid',
  price_inactive: 'invalid',
  price_not_allowed: 'invalid',
  price_not_recurring: 'invalid',
  price_or_line_items_required: 'invalid',
  product_not_found: 'invalid',
  saved_card_not_allowed: 'invalid',
  tax_id_invalid: 'invalid',
  test_clock_not_found: 'invalid',
  url_forbidden_destination: 'invalid',
  url_invalid: 'invalid',
  url_not_https: 'invalid',
  wallet_not_allowed: 'invalid',
  webhook_endpoint_limit: 'invalid',
  token_already_used: 'invalid',
  token_not_found: 'invalid',
  api_key_invalid: 'unauthenticated',
  api_key_missing: 'unauthenticated',
  card_declined: 'payment_failed',
  account_not_onboarded: 'forbidden',
  permission_denied: 'forbidden',
  portal_session_expired: 'forbidden',
  invalid_code: 'not_found',
  resource_missing: 'not_found',
  route_not_found: 'not_found',
  amount_changed: 'conflict',
  charge_expired: 'conflict',
  charge_not_capturable: 'conflict',
  charge_not_refundable: 'conflict',
  payment_in_progress: 'conflict',
  session_not_pending: 'conflict',
  customer_has_active_subscriptions: 'conflict',
  subscription_canceled: 'conflict',
  subscription_change_in_progress: 'conflict',
  subscription_changed: 'conflict',
  subscription_past_due: 'conflict',
  payment_method_in_use: 'conflict',
  document_pdf_pending: 'conflict',
  document_certificate_required: 'conflict',
  idempotency_key_reused: 'conflict',
  idempotency_key_in_use: 'conflict',
  body_too_large: 'too_large',
  method_not_allowed: 'method_not_allowed',
  request_headers_too_large: 'headers_too_large',
  request_timeout: 'timed_out',
  unsupported_media_type: 'unsupported_media_type',
  rate_limited: 'rate_limited',
  not_implemented: 'not_implemented',
  processor_unavailable: 'unavailable',
  shutting_down: 'unavailable',
  tax_authority_not_configured: 'unavailable',
  processor_timeout: 'unavailable',
  processor_credentials_invalid: 'invalid',
  processor_terminal_unsuitable: 'invalid',
  hosted_report_refused: 'invalid',
  hosted_fields_required: 'invalid',
  document_certificate_invalid: 'invalid',
} as const satisfies Record<string, ErrorKind>;

export type ErrorCode = keyof typeof ERROR_CODES;

/** The codes of one kind, e.g. those a `ValidationError` may carry. */
export type ErrorCodeOf<K extends ErrorKind> = { [C in ErrorCode]: (typeof ERROR_CODES)[C] extends K ? C : never }[ErrorCode];
