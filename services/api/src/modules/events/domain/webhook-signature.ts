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
 * bytes so receivers can reject replays by timestamp.
 */
export function signatureHeaders(secret: string, eventId: string, body: string, timestampSeconds: number): SignatureHeaders {
  const timestamp = String(timestampSeconds);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const standard = createHmac('sha256', key).update(`${eventId}.${timestamp}.${body}`).digest('base64');
  return {
    'Service-Signature': createHmac('sha256', secret).update(body).digest('hex'),
    'webhook-id': eventId,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${standard}`,
  };
}
