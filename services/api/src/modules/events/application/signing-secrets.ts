import type { SecretBox } from '../../../shared/domain/secret-box';
import { newSigningSecret } from '../domain/webhook-signature';

/** The purpose endpoints' signing secrets are sealed for. */
const PURPOSE = 'webhook-signing-secret';

/** A new signing secret: the merchant's copy, shown once, and the sealed one the endpoint keeps. */
export async function mintSigningSecret(box: SecretBox, accountId: string): Promise<{ secret: string; sealed: string }> {
  const secret = newSigningSecret();
  return { secret, sealed: await sealSigningSecret(box, accountId, secret) };
}

export function sealSigningSecret(box: SecretBox, accountId: string, secret: string): Promise<string> {
  return box.seal(accountId, PURPOSE, secret);
}

/** Signing secrets as an endpoint keeps them, opened; one stored before secrets were sealed (`whsec_…`) is used as it is. */
export function openSigningSecrets(box: SecretBox, accountId: string, stored: string[]): Promise<string[]> {
  return Promise.all(stored.map(async (secret) => (secret.startsWith('whsec_') ? secret : box.open(accountId, PURPOSE, secret))));
}
