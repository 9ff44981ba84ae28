import { type ErrorCode, NetworkError, RequestError } from './api';
import type { Lang } from './format';

/**
 * What each of the API's error codes tells a person, in Hebrew and in English: a page shows these, never
 * the API's own English `message` (which is for developers). Typed by the contract's list of codes, so a
 * new code is not shown before it is worded here.
 */
const WORDS: Record<ErrorCode, [he: string, en: string]> = {
  account_not_onboarded: ['החשבון עוד לא הוכן לפעילות אמיתית', 'The account is not set up for live payments yet'],
  api_key_revoked: ['המפתח בוטל', 'This key was revoked'],
  csrf_token_invalid: ['פג תוקף הדף. רעננו ונסו שוב', 'This page has expired. Reload it and try again'],
  invitation_invalid: ['ההזמנה אינה בתוקף', 'This invitation is no longer valid'],
  last_owner: ['לחשבון חייב להישאר בעלים אחד לפחות', 'The account must keep at least one owner'],
  password_too_weak: ['הסיסמה חלשה מדי', 'The password is too weak'],
  refund_limit_exceeded: ['הסכום גבוה מהמותר לתפקיד שלכם', 'The amount is over what your role may refund'],
  session_invalid: ['החיבור הסתיים. היכנסו שוב', 'You were signed out. Sign in again'],
  sign_in_failed: ['האימייל או הסיסמה שגויים', 'Incorrect email or password'],
  sign_in_locked: ['יותר מדי ניסיונות כניסה שנכשלו. נסו שוב מאוחר יותר', 'Too many failed sign-ins. Try again later'],
  two_factor_code_invalid: ['הקוד שגוי', 'The code is wrong'],
  two_factor_code_required: ['נדרש קוד אימות', 'A verification code is needed'],
  two_factor_not_started: ['הפעלת האימות הדו־שלבי לא התחילה', 'Two-factor sign-in was not started'],
  two_factor_required: ['הפעילו קודם כניסה דו־שלבית, בדף האבטחה', 'Turn on two-factor sign-in first, on the Security page'],
  user_exists: ['המשתמש כבר קיים', 'This user already exists'],
  amount_changed: ['הסכום לתשלום השתנה. בדקו אותו ואשרו שוב', 'The amount due has changed. Check it and confirm again'],
  amount_too_large: ['הסכום גבוה מהמותר', 'The amount is too large'],
  api_key_invalid: ['המפתח אינו תקף', 'This key is not valid'],
  api_key_missing: ['חסר מפתח', 'A key is missing'],
  auto_open_wallets_not_supported_for_manual: ['לא ניתן לפתוח ארנק דיגיטלי בעסקת J5', 'Wallets cannot open by themselves for a hold'],
  auto_open_wallets_not_supported_for_recurring: [
    'לא ניתן לפתוח ארנק דיגיטלי במנוי',
    'Wallets cannot open by themselves for a subscription',
  ],
  business_profile_required: ['יש למלא קודם את פרטי העסק', 'Fill in the business profile first'],
  auto_open_wallets_requires_wallet: ['פתיחת ארנק דורשת ארנק בין אמצעי התשלום', 'Opening a wallet needs wallets among the payment methods'],
  body_too_large: ['הבקשה גדולה מדי', 'The request is too large'],
  card_declined: ['הכרטיס נדחה', 'The card was declined'],
  card_expired: ['תוקף הכרטיס פג', 'The card has expired'],
  card_number_invalid: ['מספר הכרטיס שגוי', 'The card number is wrong'],
  cart_total_negative: ['סכום העגלה שלילי', 'The cart totals below zero'],
  challenge_not_found: ['האימות לא נמצא. נסו לשלם שוב', 'The verification was not found. Try paying again'],
  charge_expired: ['תוקף העסקה המושהית פג', 'The hold has expired'],
  charge_not_capturable: ['לא ניתן לגבות את העסקה הזאת', 'This payment cannot be captured'],
  charge_not_refundable: ['לא ניתן להחזיר את התשלום הזה', 'This payment cannot be refunded'],
  clock_cannot_move_backwards: ['השעון לא זז אחורה', 'The clock cannot move backwards'],
  code_or_automatic_required: ['יש לבחור קוד או הנחה אוטומטית', 'Give a code, or make the discount automatic'],
  currency_not_supported: ['המטבע אינו נתמך', 'This currency is not supported'],
  customer_not_found: ['הלקוח לא נמצא', 'The customer was not found'],
  cvc_invalid: ['קוד האבטחה שגוי', 'The security code is wrong'],
  discount_amount_required: ['יש לקבוע אחוז או סכום הנחה', 'Give a percentage or an amount off'],
  discount_code_not_found: ['הקוד לא נמצא', 'This code was not found'],
  document_certificate_invalid: ['לא ניתן להשתמש בתעודה', 'This certificate cannot be used'],
  document_certificate_required: ['יש להעלות תעודה לחתימת מסמכים', 'Upload a certificate to sign documents'],
  document_pdf_pending: ['המסמך עוד בהכנה. נסו שוב בעוד רגע', 'The document is still being prepared. Try again in a moment'],
  event_type_unknown: ['סוג האירוע אינו מוכר', 'This event type is unknown'],
  exhausted: ['ההנחה נוצלה עד תום', 'This discount has been used up'],
  expired: ['פג התוקף', 'This has expired'],
  express_checkout_disabled: ['ארנקים דיגיטליים אינם פעילים בחשבון', 'Digital wallets are not enabled for this account'],
  holder_id_invalid: ['מספר תעודת הזהות שגוי', 'The ID number is wrong'],
  idempotency_key_in_use: ['הבקשה עדיין בטיפול. נסו שוב בעוד רגע', 'The request is still running. Try again in a moment'],
  idempotency_key_reused: ['הבקשה כבר נשלחה עם פרטים אחרים', 'This request was already sent with other details'],
  inactive: ['אינו פעיל', 'This is not active'],
  installments_not_allowed: ['מספר התשלומים אינו מותר', 'This number of installments is not offered'],
  installments_not_supported_for_manual: ['אין תשלומים בעסקת J5', 'Installments are not offered for a hold'],
  installments_not_supported_for_recurring: ['אין תשלומים במנוי', 'Installments are not offered for a subscription'],
  internal_error: ['משהו השתבש אצלנו. נסו שוב', 'Something went wrong on our side. Try again'],
  invalid_code: ['הקוד אינו תקף', 'This code is not valid'],
  invalid_json: ['לא ניתן היה לקרוא את הבקשה', 'The request could not be read'],
  invalid_request: ['לא ניתן היה לקרוא את הבקשה', 'The request could not be read'],
  line_item_target_not_found: ['המוצר או המחיר לא נמצאו', 'The product or price was not found'],
  livemode_not_allowed: ['לא זמין במצב אמיתי', 'Not available in live mode'],
  livemode_required: ['זמין במצב אמיתי בלבד', 'Available in live mode only'],
  manual_capture_not_supported_for_recurring: ['אין עסקת J5 במנוי', 'A subscription cannot be a hold'],
  method_not_allowed: ['הפעולה אינה מותרת', 'This action is not allowed'],
  not_applicable: ['ההנחה אינה חלה על ההזמנה', 'This discount does not apply to the order'],
  not_implemented: ['עוד לא זמין', 'Not available yet'],
  not_supported_by_processor: ['חברת הסליקה אינה תומכת בזה', 'The card processor does not support this'],
  one_time_price_with_line_items: ['לא ניתן לשלב מחיר חד־פעמי עם שורות', 'A one-time price cannot be combined with lines'],
  origin_not_allowed: ['הבקשה נשלחה מאתר אחר', 'The request came from another site'],
  parameter_invalid: ['ערך שגוי', 'A value is not valid'],
  parameter_missing: ['חסר ערך', 'A value is missing'],
  parameter_unknown: ['נשלח שדה לא מוכר', 'An unknown field was sent'],
  payment_in_progress: ['תשלום אחר כבר בטיפול. המתינו לתוצאתו', 'Another payment is in progress. Wait for its outcome'],
  payment_method_in_use: ['הכרטיס משמש מנוי פעיל', 'A subscription uses this card'],
  payment_method_not_found: ['הכרטיס לא נמצא', 'The card was not found'],
  payment_methods_not_supported_for_recurring: ['במנוי משלמים בכרטיס', 'A subscription is paid by card'],
  permission_denied: ['אין לכם הרשאה לפעולה הזאת', 'You are not allowed to do this'],
  portal_session_expired: ['פג תוקף הדף. פתחו את הקישור מחדש', 'This page has expired. Open the link again'],
  price_inactive: ['המחיר אינו פעיל', 'This price is not active'],
  price_not_allowed: ['לא ניתן לעבור לתוכנית הזאת', 'This plan cannot be switched to'],
  price_not_found: ['המחיר לא נמצא', 'The price was not found'],
  price_not_recurring: ['המחיר אינו מחזורי', 'This price is not recurring'],
  price_or_line_items_required: ['יש לבחור מחיר או שורות', 'Give a price or lines'],
  processor_credentials_invalid: ['פרטי חברת הסליקה שגויים', 'The card processor refused these details'],
  processor_terminal_unsuitable: [
    'המסוף אינו מוגדר כנדרש; יש לפנות לחברת הסליקה',
    'The terminal is not set up as Kupa needs; ask the card processor',
  ],
  hosted_report_refused: [
    'העסקה שדווחה אינה של התשלום הזה; דבר לא הושלם',
    "The reported transaction is not this payment's; nothing was completed",
  ],
  hosted_fields_required: [
    'במצב חי מספר הכרטיס מוקלד רק בשדות של חברת הסליקה',
    "In live mode the card number is typed only into the card processor's own fields",
  ],
  processor_required: ['יש לחבר קודם חברת סליקה', 'Connect a card processor first'],
  processor_timeout: ['חברת הסליקה לא ענתה בזמן. התשלום נבדק', 'The card processor did not answer in time. The payment is being checked'],
  processor_unavailable: ['התשלום אינו זמין כרגע', 'Payments are not available right now'],
  product_not_found: ['המוצר לא נמצא', 'The product was not found'],
  rate_limited: ['יותר מדי בקשות. נסו שוב בעוד רגע', 'Too many requests. Try again in a moment'],
  request_headers_too_large: ['הבקשה גדולה מדי', 'The request is too large'],
  request_timeout: ['הבקשה ארכה יותר מדי. נסו שוב', 'The request took too long. Try again'],
  resource_missing: ['לא נמצא', 'Not found'],
  route_not_found: ['לא נמצא', 'Not found'],
  saved_card_not_allowed: ['לא ניתן לשלם כאן בכרטיס שמור', 'A saved card cannot pay here'],
  session_not_pending: ['הדף כבר אינו פתוח לתשלום', 'This page is no longer open for payment'],
  shutting_down: ['השרת מתעדכן. נסו שוב בעוד רגע', 'The server is restarting. Try again in a moment'],
  customer_has_active_subscriptions: ['ללקוח יש מנויים פעילים', 'The customer has active subscriptions'],
  subscription_canceled: ['המנוי בוטל', 'The subscription was canceled'],
  subscription_change_in_progress: [
    'שינוי במנוי עדיין בטיפול. נסו שוב בעוד רגע',
    'A change of the subscription is in progress. Try again in a moment',
  ],
  subscription_changed: ['המנוי השתנה מאז. פתחו את הדף מחדש', 'The subscription has changed since. Open the page again'],
  subscription_past_due: ['למנוי יש חוב פתוח', 'The subscription is past due'],
  tax_authority_not_configured: ['החיבור לרשות המסים אינו מוגדר', 'The connection to the Tax Authority is not set up'],
  tax_id_invalid: ['מספר העוסק שגוי', 'The business number is wrong'],
  test_clock_not_found: ['שעון הבדיקה לא נמצא', 'The test clock was not found'],
  token_already_used: ['פרטי הכרטיס כבר נוצלו. הזינו אותם שוב', 'These card details were already used. Enter them again'],
  token_not_found: ['פרטי הכרטיס לא נמצאו. הזינו אותם שוב', 'The card details were not found. Enter them again'],
  unsupported_media_type: ['לא ניתן היה לקרוא את הבקשה', 'The request could not be read'],
  url_forbidden_destination: ['לא ניתן לשלוח לכתובת הזאת', 'This address cannot be sent to'],
  url_invalid: ['הכתובת שגויה', 'The address is not valid'],
  url_not_https: ['הכתובת חייבת להתחיל ב־https', 'The address must start with https'],
  wallet_not_allowed: ['לא ניתן לשלם כאן בארנק דיגיטלי', 'A wallet cannot pay here'],
  webhook_endpoint_limit: ['הגעתם למספר הכתובות המרבי', 'The most endpoints an account may have is reached'],
};

const NETWORK: [he: string, en: string] = ['אין חיבור. בדקו את הרשת ונסו שוב', 'No connection. Check the network and try again'];

/**
 * What a failed request tells the person in front of the page, in its language: the words for the
 * error's code, and the field it names when there is one. Anything that is not an API answer reads as
 * our own failure.
 */
export function errorText(error: unknown, lang: Lang): string {
  const index = lang === 'he' ? 0 : 1;
  if (error instanceof NetworkError) return NETWORK[index];
  if (!(error instanceof RequestError)) return WORDS.internal_error[index];
  const words = (WORDS[error.error.code] ?? WORDS.internal_error)[index];
  const param = error.error.param;
  return param ? `${words} (${lang === 'he' ? 'שדה' : 'field'}: ${param})` : words;
}
