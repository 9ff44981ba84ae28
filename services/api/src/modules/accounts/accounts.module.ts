import { bindSingletons } from '../../platform/di';
import { ContainerModule } from 'inversify';
import { AuthenticateApiKey } from './application/authenticate-api-key';
import { ConnectProcessor } from './application/connect-processor';
import { CreateAccount } from './application/create-account';
import { GetAccountProcessor } from './application/get-account-processor';
import { GetAccount } from './application/get-account';
import { IssueApiKey } from './application/issue-api-key';
import { ManageApiKeys } from './application/manage-api-keys';
import { GetLogo } from './application/get-logo';
import { UpdateAccountSettings } from './application/update-account-settings';
import { UploadLogo } from './application/upload-logo';
import { ACCOUNTS } from './accounts.tokens';
import { AccountLogoSchema, AccountSchema, ApiKeySchema } from './infrastructure/postgres/account.schema';
import { PgAccountRepository, PgApiKeyRepository, PgLogoRepository } from './infrastructure/postgres/account.repository';
import { PgKeyRevocationFeed, PgKeyRevocations } from './infrastructure/postgres/pg-key-revocations';
import { AccountsRouter } from './interfaces/http/accounts.router';

export const accountsEntities = [AccountSchema, ApiKeySchema, AccountLogoSchema];

export const accountsModule = new ContainerModule(({ bind }) => {
  bind(ACCOUNTS.AccountRepository).to(PgAccountRepository).inSingletonScope();
  bind(ACCOUNTS.ApiKeyRepository).to(PgApiKeyRepository).inSingletonScope();
  bind(ACCOUNTS.LogoRepository).to(PgLogoRepository).inSingletonScope();
  bind(ACCOUNTS.KeyRevocations).to(PgKeyRevocations).inSingletonScope();
  bind(ACCOUNTS.KeyRevocationFeed).to(PgKeyRevocationFeed).inSingletonScope();
  bindSingletons(bind, [
    ManageApiKeys,
    ConnectProcessor,
    GetAccountProcessor,
    CreateAccount,
    GetAccount,
    IssueApiKey,
    AuthenticateApiKey,
    UpdateAccountSettings,
    UploadLogo,
    GetLogo,
    AccountsRouter,
  ]);
});
