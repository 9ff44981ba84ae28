import { CreateAccount } from '../modules/accounts/application/create-account';
import { IssueApiKey } from '../modules/accounts/application/issue-api-key';
import { UpdateAccountSettings } from '../modules/accounts/application/update-account-settings';
import type { BusinessProfile, DealerType } from '../modules/accounts/domain/account';
import { toAccountResponse } from '../modules/accounts/published/account';
import { ExpireDueSessions } from '../modules/checkout/application/expire-due-sessions';
import { ListEmails } from '../modules/notifications/application/list-emails';
import { GetAccount } from '../modules/accounts/application/get-account';
import { ListDocuments } from '../modules/invoicing/application/list-documents';
import { ReaskPendingAllocations } from '../modules/invoicing/application/reask-pending-allocations';
import { ExpireHolds } from '../modules/payments/application/expire-holds';
import { NoticeExpiringCards } from '../modules/subscriptions/application/notice-expiring-cards';
import { RenewDueSubscriptions } from '../modules/subscriptions/application/renew-due-subscriptions';
import { DEALER_TYPES, JOB_NAMES, type JobName, PROFILE_FLAGS, UsageError, type Values } from './cli-args';
import { loadConfig } from './config';
import { createServices, type Services } from './container';
import { connectDatabase } from './database';
import { reconcile } from './reconciler';
import type { AesSecretBox } from '../platform/secrets/secret-box';
import { SHARED } from '../shared/domain/shared.tokens';
import { OPERATOR } from '../shared/domain/actor';
import { type Role, ROLES } from '../shared/domain/roles';
import { ManageTeam } from '../modules/team';

// Scheduled jobs an operator may run by hand; each answers how much it did.
const JOBS: Record<JobName, (services: Services) => Promise<Record<string, number>>> = {
  'checkout-session-expiry-sweep': async ({ container }) => ({ expired: await container.get(ExpireDueSessions).execute() }),
  'charge-hold-expiry-sweep': async ({ container }) => ({ expired: await container.get(ExpireHolds).execute() }),
  renewals: async ({ container }) => ({ steps: await container.get(RenewDueSubscriptions).execute() }),
  'card-expiry-notices': async ({ container }) => ({ emails: await container.get(NoticeExpiringCards).execute() }),
  'allocation-sweep': async ({ container }) => ({ ...(await container.get(ReaskPendingAllocations).execute()) }),
  reconcile: async ({ container }) => ({ ...(await reconcile(container)) }),
};

function print(values: Values, json: unknown, text: string): void {
  console.log(values.json ? JSON.stringify(json) : text);
}

function required(value: string | undefined, flag: string): string {
  if (!value) throw new UsageError(`--${flag} is required`);
  return value;
}

function flag(on: boolean | undefined, off: boolean | undefined): boolean | undefined {
  return on ? true : off ? false : undefined;
}

/** The business profile from its flags, all of the required ones or none. */
function businessProfile(values: Values): BusinessProfile | undefined {
  if (!PROFILE_FLAGS.some((name) => values[name] !== undefined)) return undefined;
  const legalName = required(values['legal-name']?.trim(), 'legal-name');
  const businessNumber = required(values['business-number'], 'business-number');
  const dealerType = required(values['dealer-type'], 'dealer-type');
  if (!(DEALER_TYPES as readonly string[]).includes(dealerType))
    throw new UsageError(`--dealer-type must be one of ${DEALER_TYPES.join(', ')}`);
  const address = {
    line1: required(values.address?.trim(), 'address'),
    city: required(values.city?.trim(), 'city'),
    postalCode: values['postal-code'] ?? null,
  };
  if (address.postalCode !== null && !/^\d{7}$/.test(address.postalCode)) throw new UsageError('--postal-code must be seven digits');
  return {
    legalName,
    businessNumber,
    dealerType: dealerType as DealerType,
    address,
    email: values['contact-email'] ?? null,
    phone: values['contact-phone'] ?? null,
  };
}

function keyTarget(values: Values) {
  if (values.mode !== 'test' && values.mode !== 'live') throw new UsageError('--mode must be test or live');
  if (values.scope !== 'secret' && values.scope !== 'checkout') throw new UsageError('--scope must be secret or checkout');
  return {
    accountId: required(values.account, 'account'),
    livemode: values.mode === 'live',
    scope: values.scope === 'secret' ? ('full' as const) : ('checkout' as const),
  };
}

async function run(services: Services, command: string, positionals: string[], values: Values): Promise<void> {
  const { container } = services;
  switch (command) {
    case 'accounts create': {
      const name = required(values.name, 'name').trim();
      if (!name) throw new UsageError('--name must not be empty');
      const { account, apiKeys } = await container.get(CreateAccount).execute({ name, walletsEnabled: values.wallets ?? false });
      print(
        values,
        { account: { id: account.id }, api_keys: apiKeys },
        `Account ${account.id} (${account.name})\n  test key: ${apiKeys.test}\n  live key: ${apiKeys.live}\nKeys are shown once; store them now.`,
      );
      return;
    }
    case 'accounts update': {
      const account = await container.get(UpdateAccountSettings).execute({
        accountId: required(values.account, 'account'),
        businessProfile: businessProfile(values),
        walletsEnabled: flag(values.wallets, values['no-wallets']),
        liveOnboarded: flag(values['live-onboarded'], values['no-live-onboarded']),
        cardholderIdRequired: flag(values['cardholder-id'], values['no-cardholder-id']),
      });
      const {
        business_profile: profile,
        wallets_enabled: wallets,
        live_onboarded: live,
        cardholder_id_required: holderId,
      } = toAccountResponse(account, false, null, {
        taxAuthority: { status: 'not_connected', connectedAt: null },
        documentCertificate: null,
      });
      print(
        values,
        {
          account: {
            id: account.id,
            business_profile: profile,
            wallets_enabled: wallets,
            live_onboarded: live,
            cardholder_id_required: holderId,
          },
        },
        `Account ${account.id}: wallets ${wallets ? 'on' : 'off'}, live onboarding ${live ? 'done' : 'pending'}, cardholder ID ` +
          `${holderId ? 'required' : 'not asked'}\n` +
          `  documents from: ${
            profile
              ? `${profile.legal_name} (${profile.dealer_type} ${profile.business_number}), ${profile.address.line1}, ${profile.address.city}`
              : 'no business profile yet (test documents only)'
          }`,
      );
      return;
    }
    case 'keys create':
    case 'keys rotate': {
      const target = keyTarget(values);
      const { secret, revoked } = await container.get(IssueApiKey).execute({ ...target, revokeOthers: command === 'keys rotate' });
      print(
        values,
        { api_key: secret, revoked },
        `New key: ${secret}${command === 'keys rotate' ? `\nRevoked ${revoked} previous key(s).` : ''}\nThe key is shown once; store it now.`,
      );
      return;
    }
    case 'users invite': {
      const role = values.role as Role;
      if (!(ROLES as readonly string[]).includes(role)) throw new UsageError(`--role must be one of ${ROLES.join(', ')}`);
      if (values.locale !== 'he' && values.locale !== 'en') throw new UsageError('--locale must be he or en');
      const email = required(values.email?.trim(), 'email');
      const { user, link } = await container
        .get(ManageTeam)
        .invite(required(values.account, 'account'), { email, role, locale: values.locale }, OPERATOR);
      print(
        values,
        { user: { id: user.id, email: user.email, role: user.role }, link },
        `Invited ${user.email} as ${user.role}; the link was emailed, and is good for 7 days:\n  ${link}`,
      );
      return;
    }
    case 'documents export': {
      if (values.mode !== 'test' && values.mode !== 'live') throw new UsageError('--mode must be test or live');
      const [from, to] = [required(values.from, 'from'), required(values.to, 'to')];
      for (const [flag, day] of [
        ['from', from],
        ['to', to],
      ])
        if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new UsageError(`--${flag} must be a date, YYYY-MM-DD`);
      const scope = { accountId: required(values.account, 'account'), livemode: values.mode === 'live' };
      await container.get(GetAccount).execute(scope.accountId);
      process.stdout.write(await container.get(ListDocuments).export(scope, from, to));
      return;
    }
    case 'emails list': {
      const emails = await container.get(ListEmails).execute();
      const text = emails
        .map(
          (e) =>
            `${e.createdAt.toISOString()}  ${e.status.padEnd(6)}  ${e.kind.padEnd(7)}  ${e.to}  ${e.subject}${e.attachment ? `  [${e.attachment}]` : ''}`,
        )
        .join('\n');
      print(
        values,
        {
          emails: emails.map((e) => ({
            key: e.key,
            kind: e.kind,
            to: e.to,
            subject: e.subject,
            text: e.text,
            status: e.status,
            attachment: e.attachment,
            created: e.createdAt.toISOString(),
          })),
        },
        text || 'No emails yet.',
      );
      return;
    }
    case 'jobs run': {
      const name = positionals[2];
      const job = (JOB_NAMES as readonly string[]).includes(name) ? JOBS[name as JobName] : undefined;
      if (!job) throw new UsageError(`Unknown job '${name ?? ''}'`);
      const result = await job(services);
      print(
        values,
        { job: name, ...result },
        `${name}: ${Object.entries(result)
          .map(([k, v]) => `${v} ${k}`)
          .join(', ')}`,
      );
      return;
    }
    case 'secrets rotate-master': {
      const rotated = await container.get<AesSecretBox>(SHARED.SecretBox).rotateMaster();
      print(
        values,
        { rotated },
        `Re-wrapped ${rotated} account data key(s) under the current MASTER_KEY. Processes may drop MASTER_KEY_PREVIOUS now.`,
      );
      return;
    }
    default:
      throw new UsageError(`Unknown command '${command}'`);
  }
}

/** Runs one administrative command against the service's database. */
export async function runCommand(command: string, positionals: string[], values: Values): Promise<void> {
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const database = await connectDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    database: 'kupa',
  });
  const services = await createServices(config, database.url, { worker: false });
  try {
    await services.inContext(() => run(services, command, positionals, values));
  } finally {
    await services.close();
    await database.stop();
  }
}
