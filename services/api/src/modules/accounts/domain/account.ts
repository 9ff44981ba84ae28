import { newId } from '../../../shared/domain/ids';

export class Account {
  id!: string;
  name!: string;
  /** Digital wallets (Apple Pay, Google Pay, Bit) may be offered on this account's checkout pages. */
  walletsEnabled!: boolean;
  /** Processor onboarding and business identity linking are done, so live keys may move money. */
  liveOnboarded!: boolean;
  /** Card payers must give their ID number (ת.ז.), as the account's Israeli processor requires. */
  cardholderIdRequired!: boolean;
  createdAt!: Date;

  static create(input: { name: string; walletsEnabled: boolean }, now: Date): Account {
    const account = new Account();
    account.id = newId('acct');
    account.name = input.name;
    account.walletsEnabled = input.walletsEnabled;
    account.liveOnboarded = false;
    account.cardholderIdRequired = false;
    account.createdAt = now;
    return account;
  }

  changeSettings(settings: { walletsEnabled?: boolean; liveOnboarded?: boolean; cardholderIdRequired?: boolean }): void {
    if (settings.walletsEnabled !== undefined) this.walletsEnabled = settings.walletsEnabled;
    if (settings.liveOnboarded !== undefined) this.liveOnboarded = settings.liveOnboarded;
    if (settings.cardholderIdRequired !== undefined) this.cardholderIdRequired = settings.cardholderIdRequired;
  }
}
