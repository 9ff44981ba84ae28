import { createHmac, randomBytes } from 'node:crypto';

/** `whsec_` + base64 of 32 random bytes. */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export interface SignatureHeaders {
  'Service-Signature': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/**
 * The spec's `Service-Signature` (hex HMAC-SHA256 of the raw body keyed with the whole secret string)
 * and the Standard Webhooks trio, whose signature covers `id.timestamp.body` with the secret's decoded
 * bytes so receivers can reject replays by timestamp. `secrets` is the current secret first, then a
 * rotated-out one still valid: each gets its own `v1,` entry; `Service-Signature` uses the current one.
 */
export function signatureHeaders(secrets: string[], eventId: string, body: string, timestampSeconds: number): SignatureHeaders {
  const timestamp = String(timestampSeconds);
  const standard = secrets.map((secret) => {
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    return `v1,${createHmac('sha256', key).update(`${eventId}.${timestamp}.${body}`).digest('base64')}`;
  });
  return {
    'Service-Signature': createHmac('sha256', secrets[0]).update(body).digest('hex'),
    'webhook-id': eventId,
    'webhook-timestamp': timestamp,
    'webhook-signature': standard.join(' '),
  };
}
