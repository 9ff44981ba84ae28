import { newId } from '../../../shared/domain/ids';

export class Account {
  id!: string;
  name!: string;
  /** Digital wallets (Apple Pay, Google Pay, Bit) may be offered on this account's checkout pages. */
  walletsEnabled!: boolean;
  /** Processor onboarding and business identity linking are done, so live keys may move money. */
  liveOnboarded!: boolean;
  createdAt!: Date;

  static create(input: { name: string; walletsEnabled: boolean }, now: Date): Account {
    const account = new Account();
    account.id = newId('acct');
    account.name = input.name;
    account.walletsEnabled = input.walletsEnabled;
    account.liveOnboarded = false;
    account.createdAt = now;
    return account;
  }

  changeSettings(settings: { walletsEnabled?: boolean; liveOnboarded?: boolean }): void {
    if (settings.walletsEnabled !== undefined) this.walletsEnabled = settings.walletsEnabled;
    if (settings.liveOnboarded !== undefined) this.liveOnboarded = settings.liveOnboarded;
  }
}
