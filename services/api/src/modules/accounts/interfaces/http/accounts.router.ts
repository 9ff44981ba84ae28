import { inject, injectable } from 'inversify';
import type { Schemas } from '../../../../shared/contract/contract';
import type { OperationHandlers } from '../../../../platform/http/handlers';
import { toProcessorResponse, toAccountResponse } from '../../published/account';
import { ConnectProcessor } from '../../application/connect-processor';
import { GetAccount } from '../../application/get-account';
import { GetAccountProcessor } from '../../application/get-account-processor';
import { UpdateAccountSettings } from '../../application/update-account-settings';
import { UploadLogo } from '../../application/upload-logo';
import { ManageApiKeys, type NewApiKey } from '../../application/manage-api-keys';
import type { ApiKey } from '../../domain/api-key';
import { listReply, pageOf } from '../../../../platform/http/replies';
import type { Account, BusinessProfile } from '../../domain/account';
import type { Scope } from '../../../../shared/domain/scope';
import { ACCOUNTS } from '../../accounts.tokens';
import type { AccountInvoicing } from '../../application/ports/account-invoicing';

type BusinessProfileBody = Schemas['BusinessProfile'];

function toApiKeyResponse(key: ApiKey): Schemas['ApiKey'] {
  return {
    id: key.id,
    object: 'api_key',
    scope: key.scope,
    role: key.role,
    made_by: key.madeByUser === null ? null : { user: key.madeByUser, email: key.madeByEmail! },
    last4: key.last4,
    livemode: key.livemode,
    created: key.createdAt.toISOString(),
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}

function withSecret({ key, secret }: NewApiKey): Schemas['ApiKey'] & { secret: string } {
  return { ...toApiKeyResponse(key), secret };
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

@injectable()
export class AccountsRouter {
  constructor(
    @inject(GetAccount) private readonly getAccount: GetAccount,
    @inject(UpdateAccountSettings) private readonly updateSettings: UpdateAccountSettings,
    @inject(GetAccountProcessor) private readonly getProcessor: GetAccountProcessor,
    @inject(ConnectProcessor) private readonly connectProcessor: ConnectProcessor,
    @inject(UploadLogo) private readonly uploadLogo: UploadLogo,
    @inject(ACCOUNTS.Invoicing) private readonly invoicing: AccountInvoicing,
    @inject(ManageApiKeys) private readonly apiKeys: ManageApiKeys,
  ) {}

  private async view(account: Account, auth: Scope): Promise<Schemas['Account']> {
    const [processor, invoicing] = await Promise.all([this.getProcessor.execute(auth), this.invoicing.of(auth)]);
    return toAccountResponse(account, auth.livemode, processor, invoicing);
  }

  handlers(): OperationHandlers {
    return {
      listApiKeys: async ({ auth, query }) => listReply(await this.apiKeys.list(auth, pageOf(query)), toApiKeyResponse),
      createApiKey: async ({ auth, body }) => ({
        success: true,
        data: withSecret(await this.apiKeys.create(auth, body.scope, auth.actor, body.role)),
      }),
      rollApiKey: async ({ auth, params }) => ({ success: true, data: withSecret(await this.apiKeys.roll(auth, params.id, auth.actor)) }),
      revokeApiKey: async ({ auth, params }) => ({ success: true, data: toApiKeyResponse(await this.apiKeys.revoke(auth, params.id)) }),
      getAccount: async ({ auth }) => ({
        success: true,
        data: await this.view(await this.getAccount.execute(auth.accountId), auth),
      }),
      updateAccount: async ({ auth, body }) => {
        const portal = body.portal;
        const account = await this.updateSettings.execute({
          accountId: auth.accountId,
          businessProfile: body.business_profile && fromBusinessProfileBody(body.business_profile),
          retryDays: body.dunning?.retry_days,
          supportRefundLimit: body.support_refund_limit,
          branding: body.branding && {
            logoUrl: body.branding.logo_url,
            color: body.branding.color,
            termsUrl: body.branding.terms_url,
            privacyUrl: body.branding.privacy_url,
          },
          portal: portal && {
            livemode: auth.livemode,
            settings: {
              allowedPrices: portal.allowed_prices && [...new Set(portal.allowed_prices)],
              prorationBehavior: portal.proration_behavior,
              cancelMode: portal.cancel_mode,
              cancellationReasons: portal.cancellation_reasons,
            },
          },
        });
        return { success: true, data: await this.view(account, auth) };
      },
      uploadAccountLogo: async ({ auth, body }) => {
        const account = await this.uploadLogo.execute(auth.accountId, { contentType: body.content_type, data: body.data });
        return { success: true, data: await this.view(account, auth) };
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
