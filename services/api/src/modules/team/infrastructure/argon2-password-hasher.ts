import { hash, verify } from '@node-rs/argon2';
import { injectable } from 'inversify';
import type { PasswordHasher } from '../application/ports/team-repositories';

/** argon2id with the library's defaults (19 MiB, 2 passes, 1 lane: OWASP's first recommended setting). */
@injectable()
export class Argon2PasswordHasher implements PasswordHasher {
  hash(password: string): Promise<string> {
    return hash(password);
  }

  async verify(stored: string, password: string): Promise<boolean> {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }
}
