import { createHmac, randomBytes } from 'node:crypto';

export interface TranzilaCredentials {
  /** The terminal's name (`terminal_name`), e.g. `myshop`. */
  terminal: string;
  /** The API application key (public), sent with every request. */
  appKey: string;
  /** The API secret, which only signs: it never leaves this process. */
  secret: string;
}

/**
 * The signed headers of every Tranzila API request: the access token is HMAC-SHA256 of the app key,
 * keyed by secret + request time + a fresh 80-hex-character nonce, hex-encoded. The time is in Unix
 * seconds, as the reports' authentication page (docs.tranzila.com/docs/reports/authentication) documents
 * it; the Handshake v2 and Bit pages show milliseconds and a 40-byte nonce for the same scheme. The
 * twin takes either, so a gateway that insists on milliseconds is one change here.
 */
export function signedHeaders(credentials: Pick<TranzilaCredentials, 'appKey' | 'secret'>, now: Date): Record<string, string> {
  const time = String(Math.floor(now.getTime() / 1000));
  const nonce = randomBytes(40).toString('hex');
  return {
    'X-tranzila-api-app-key': credentials.appKey,
    'X-tranzila-api-request-time': time,
    'X-tranzila-api-nonce': nonce,
    'X-tranzila-api-access-token': createHmac('sha256', credentials.secret + time + nonce)
      .update(credentials.appKey)
      .digest('hex'),
  };
}
