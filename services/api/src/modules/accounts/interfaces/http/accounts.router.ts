import { inject, injectable } from 'inversify';
import type { Schemas } from '../../../../platform/http/contract';
import type { OperationHandlers } from '../../../../platform/http/contract-router';
import { GetAccount } from '../../application/get-account';
import { UpdateAccountSettings } from '../../application/update-account-settings';
import type { Account, BusinessProfile } from '../../domain/account';

type BusinessProfileBody = Schemas['BusinessProfile'];

export function toBusinessProfileResponse(profile: BusinessProfile): BusinessProfileBody {
  return {
    legal_name: profile.legalName,
    business_number: profile.businessNumber,
    dealer_type: profile.dealerType,
    address: { line1: profile.address.line1, city: profile.address.city, postal_code: profile.address.postalCode },
    email: profile.email,
    phone: profile.phone,
  };
}

function fromBusinessProfileBody(body: BusinessProfileBody): BusinessProfile {
  return {
    legalName: body.legal_name.trim(),
    businessNumber: body.business_number,
    dealerType: body.dealer_type,
    address: { line1: body.address.line1.trim(), city: body.address.city.trim(), postalCode: body.address.postal_code },
    email: body.email?.trim() ?? null,
    phone: body.phone?.trim() ?? null,
  };
}

export function toAccountResponse(account: Account, livemode: boolean): Schemas['Account'] {
  return {
    id: account.id,
    object: 'account',
    name: account.name,
    business_profile: account.businessProfile && toBusinessProfileResponse(account.businessProfile),
    wallets_enabled: account.walletsEnabled,
    live_onboarded: account.liveOnboarded,
    cardholder_id_required: account.cardholderIdRequired,
    livemode,
    created: account.createdAt.toISOString(),
  };
}

@injectable()
export class AccountsRouter {
  constructor(
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(UpdateAccountSettings) private readonly updateSettings: UpdateAccountSettings,
  ) {}

  handlers(): OperationHandlers {
    return {
      getAccount: async ({ auth }) => ({ success: true, data: toAccountResponse(await this.getAccount.execute(auth.accountId), auth.livemode) }),
      updateAccount: async ({ auth, body }) => {
        const account = await this.updateSettings.execute({ accountId: auth.accountId, businessProfile: fromBusinessProfileBody(body.business_profile) });
        return { success: true, data: toAccountResponse(account, auth.livemode) };
      },
    };
  }
}
