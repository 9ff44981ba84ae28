/**
 * Secrets at rest (processor credentials, webhook signing secrets): sealed under the account's own data
 * key, which is itself wrapped by the master key. `purpose` is bound into the seal, so a sealed value
 * opens only for the account and the use it was sealed for.
 */
export interface SecretBox {
  seal(accountId: string, purpose: string, plaintext: string): Promise<string>;
  open(accountId: string, purpose: string, sealed: string): Promise<string>;
  /**
   * Makes the account's data key ready, so that sealing and opening inside a unit of work need no
   * connection of their own (a unit that waited for one could wait on every other unit holding theirs).
   */
  prepare(accountId: string): Promise<void>;
}
