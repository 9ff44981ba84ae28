/** How a coupon code is matched and stored: codes are case-insensitive and surrounding spaces are not part of them. */
export function normalizeCode(code: string): string {
  return code.trim().toLowerCase();
}
