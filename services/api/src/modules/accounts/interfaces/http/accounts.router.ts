import { inject, injectable } from 'inversify';
import type { Schemas } from '../../../../platform/http/contract';
import type { OperationHandlers } from '../../../../platform/http/contract-router';
import { ConnectProcessor } from '../../application/connect-processor';
import { GetAccount } from '../../application/get-account';
import { GetAccountProcessor } from '../../application/get-account-processor';
import type { ProcessorView } from '../../application/ports/account-processors';
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

export function toProcessorResponse(processor: ProcessorView): Schemas['ProcessorConnection'] {
  const { capabilities } = processor;
  return {
    object: 'processor_connection',
    name: processor.name,
    terminal: processor.terminal,
    capabilities: {
      hold_window_seconds: Math.floor(capabilities.holdWindowMs / 1000),
      partial_capture: capabilities.partialCapture,
      installments: { kinds: capabilities.installments.kinds, max: capabilities.installments.max },
      three_d_secure: capabilities.threeDSecure,
      wallets: capabilities.wallets,
      amount_unit: capabilities.amountUnit,
    },
    livemode: processor.livemode,
    created: processor.createdAt?.toISOString() ?? null,
    updated: processor.updatedAt?.toISOString() ?? null,
  };
}

export function toAccountResponse(account: Account, livemode: boolean, processor: ProcessorView | null): Schemas['Account'] {
  return {
    id: account.id,
    object: 'account',
    name: account.name,
    business_profile: account.businessProfile && toBusinessProfileResponse(account.businessProfile),
    wallets_enabled: account.walletsEnabled,
    live_onboarded: account.liveOnboarded,
    cardholder_id_required: account.cardholderIdRequired,
    processor: processor && toProcessorResponse(processor),
    livemode,
    created: account.createdAt.toISOString(),
  };
}

@injectable()
export class AccountsRouter {
  constructor(
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(UpdateAccountSettings) private readonly updateSettings: UpdateAccountSettings,
    @inject(GetAccountProcessor) private readonly getProcessor: GetAccountProcessor,
    @inject(ConnectProcessor) private readonly connectProcessor: ConnectProcessor,
  ) {}

  handlers(): OperationHandlers {
    return {
      getAccount: async ({ auth }) => ({
        success: true,
        data: toAccountResponse(await this.getAccount.execute(auth.accountId), auth.livemode, await this.getProcessor.execute(auth)),
      }),
      updateAccount: async ({ auth, body }) => {
        const account = await this.updateSettings.execute({
          accountId: auth.accountId,
          businessProfile: fromBusinessProfileBody(body.business_profile),
        });
        return { success: true, data: toAccountResponse(account, auth.livemode, await this.getProcessor.execute(auth)) };
      },
      connectProcessor: async ({ auth, body }) => ({
        success: true,
        data: toProcessorResponse(
          await this.connectProcessor.execute(auth, { name: body.name, terminal: body.terminal, credentials: body.credentials }),
        ),
      }),
    };
  }
}
