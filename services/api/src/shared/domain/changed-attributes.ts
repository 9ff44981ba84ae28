/**
 * The fields of `before` (an object's API shape before a change) whose values `after` changed, with
 * their old values: an `*.updated` event's `previous_attributes`.
 */
export function changedAttributes(before: object, after: object): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  const now = after as Record<string, unknown>;
  for (const [key, value] of Object.entries(before)) if (JSON.stringify(value) !== JSON.stringify(now[key])) previous[key] = value;
  return previous;
}
