/**
 * Secrets at rest (processor credentials, webhook signing secrets): sealed under the account's own data
 * key, which is itself wrapped by the master key. `purpose` is bound into the seal, so a sealed value
 * opens only for the account and the use it was sealed for.
 */
export interface SecretBox {
  seal(accountId: string, purpose: string, plaintext: string): Promise<string>;
  open(accountId: string, purpose: string, sealed: string): Promise<string>;
}
