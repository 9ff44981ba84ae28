import { Account } from '../../domain/account';

/** An account as `create` makes it, under a chosen id. */
export function anAccount(id: string, name: string, now: Date): Account {
  return Object.assign(Account.create({ name, walletsEnabled: false }, now), { id });
}
