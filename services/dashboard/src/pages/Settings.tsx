import { api, call } from '../api';
import { ErrorNote, useAction, useLoad } from '../components/ui';
import { BusinessProfile } from '../components/settings/BusinessProfile';
import { Branding } from '../components/settings/Branding';
import { Connections } from '../components/settings/Connections';
import type { AccountUpdate } from '../components/settings/part';
import { PortalPlans } from '../components/settings/PortalPlans';
import { t } from '../i18n';

/** The business on its documents, branding, the support role's refund limit, the portal's plans, and the connections. */
export function Settings() {
  const account = useLoad(() => call(api.GET('/v1/account')), []);
  const prices = useLoad(() => call(api.GET('/v1/prices', { params: { query: { type: 'recurring', limit: 100 } } })), []);
  const action = useAction();
  const a = account.value?.data;
  if (!a) return <ErrorNote error={account.error} />;
  const save = (body: AccountUpdate) =>
    action.run(async () => {
      await call(api.POST('/v1/account', { body }));
      account.reload();
      return t('saved');
    });
  const part = { account: a, action, save, reload: account.reload };

  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings')}</h1>
      {action.note && <p role="status">{action.note}</p>}
      <ErrorNote error={action.error} />
      <BusinessProfile {...part} />
      <Branding {...part} />
      <PortalPlans {...part} prices={prices.value?.data} />
      <Connections {...part} />
    </section>
  );
}
