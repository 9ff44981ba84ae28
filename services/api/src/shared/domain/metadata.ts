import { ValidationError } from './domain-error';

/** A merchant's own key-value pairs on an object (an order id of theirs): strings, returned everywhere. */
export type Metadata = Record<string, string>;

const MAX_KEYS = 50;
const MAX_KEY_LENGTH = 40;
const MAX_VALUE_LENGTH = 500;

/**
 * `current` with `update` merged in: a key set to `""` is removed, any other value set. The result must
 * keep to the limits (at most 50 keys of at most 40 characters, values of at most 500), else 400
 * `parameter_invalid` on `metadata`. On create, `current` is empty.
 */
export function mergeMetadata(current: Metadata, update: Metadata | undefined): Metadata {
  if (update === undefined) return current;
  const merged: Metadata = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (key.length === 0 || key.length > MAX_KEY_LENGTH)
      throw new ValidationError('parameter_invalid', `Metadata keys are 1 to ${MAX_KEY_LENGTH} characters: '${key}'`, `metadata.${key}`);
    if (typeof value !== 'string' || value.length > MAX_VALUE_LENGTH)
      throw new ValidationError(
        'parameter_invalid',
        `Metadata values are strings of at most ${MAX_VALUE_LENGTH} characters`,
        `metadata.${key}`,
      );
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  if (Object.keys(merged).length > MAX_KEYS)
    throw new ValidationError('parameter_invalid', `An object keeps at most ${MAX_KEYS} metadata keys`, 'metadata');
  return merged;
}
