import { api, call } from '../../api';
import { formFields } from '../ui';
import { t } from '../../i18n';
import type { SettingsPart } from './part';

/** The card processor and the Tax Authority, connected in live mode. */
export function Connections({ account: a, action, reload }: SettingsPart) {
  const connectProcessor = (event: Event) => {
    event.preventDefault();
    const get = formFields(event);
    void action.run(async () => {
      await call(
        api.POST('/v1/account/processor', {
          body: { name: 'tranzila', terminal: get('terminal'), credentials: { app_key: get('app_key'), secret: get('secret') } },
        }),
      );
      reload();
      return t('saved');
    });
  };
  const connectTaxAuthority = () =>
    action.run(async () => {
      const answer = await call(api.POST('/v1/account/tax_authority/connect'));
      location.assign(answer.data.authorization_url);
    });

  return (
    <>
      <h2>{t('connections')}</h2>
      <dl class="facts">
        <dt>{t('processor')}</dt>
        <dd dir="ltr">
          {a.processor ? `${a.processor.name}${a.processor.terminal ? ` · ${a.processor.terminal}` : ''}` : t('notConnected')}
        </dd>
        <dt>{t('taxAuthority')}</dt>
        <dd>
          <span dir="ltr">{a.tax_authority.status.replace(/_/g, ' ')}</span>{' '}
          {a.livemode && a.tax_authority.status !== 'connected' && (
            <button type="button" onClick={connectTaxAuthority}>
              {t('connect')}
            </button>
          )}
        </dd>
      </dl>
      {a.livemode && (
        <form class="inline-form" onSubmit={connectProcessor} aria-label={t('processor')} key={a.processor?.terminal ?? ''}>
          <label>
            {t('terminal')}
            <input name="terminal" required pattern="[A-Za-z0-9_\-]+" dir="ltr" autocomplete="off" />
          </label>
          <label>
            {t('appKey')}
            <input name="app_key" required dir="ltr" autocomplete="off" />
          </label>
          <label>
            {t('processorSecret')}
            <input name="secret" type="password" required dir="ltr" autocomplete="off" />
          </label>
          <button type="submit" disabled={action.busy}>
            {t('connect')} Tranzila
          </button>
        </form>
      )}
    </>
  );
}
