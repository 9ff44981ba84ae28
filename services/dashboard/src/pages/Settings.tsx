import type { paths } from '@kupa/sdk';
import { api, call, type Schemas } from '../api';
import { ErrorNote, formFields, useAction, useLoad } from '../components/ui';
import { parseShekels, shekels } from '../format';
import { t } from '../i18n';

type DealerType = Schemas['BusinessProfile']['dealer_type'];
type ProrationBehavior = Schemas['ProrationBehavior'];
type CancellationReason = Schemas['CancellationReason'];
type CancelMode = Schemas['PortalSettings']['cancel_mode'];
const REASONS: CancellationReason[] = [
  'too_expensive',
  'missing_features',
  'switched_service',
  'unused',
  'customer_service',
  'too_complex',
  'low_quality',
  'other',
];
const DEALER_TYPES: DealerType[] = ['licensed_dealer', 'company', 'exempt_dealer', 'non_profit'];

/** The business on its documents, branding, the support role's refund limit, the portal's plans, and the connections. */
export function Settings() {
  const account = useLoad(() => call(api.GET('/v1/account')), []);
  const prices = useLoad(() => call(api.GET('/v1/prices', { params: { query: { type: 'recurring', limit: 100 } } })), []);
  const action = useAction();
  const a = account.value?.data;
  if (!a) return <ErrorNote error={account.error} />;
  const profile = a.business_profile;

  const update = (body: paths['/v1/account']['post']['requestBody']['content']['application/json']) =>
    action.run(async () => {
      await call(api.POST('/v1/account', { body }));
      account.reload();
      return t('saved');
    });
  const saveProfile = (event: Event) => {
    event.preventDefault();
    const get = formFields(event);
    void update({
      business_profile: {
        legal_name: get('legal_name'),
        business_number: get('business_number'),
        dealer_type: get('dealer_type') as DealerType,
        address: { line1: get('line1'), city: get('city'), postal_code: get('postal_code') },
        email: get('email') || null,
        phone: get('phone') || null,
      },
    });
  };
  const saveBranding = (event: Event) => {
    event.preventDefault();
    const get = formFields(event);
    const limit = parseShekels(get('support_refund_limit'));
    void update({
      branding: { color: get('color') || null, terms_url: get('terms_url') || null, privacy_url: get('privacy_url') || null },
      ...(limit !== null ? { support_refund_limit: limit } : {}),
    });
  };
  const savePortal = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    void update({
      portal: {
        allowed_prices: form.getAll('allowed_prices').map(String),
        proration_behavior: String(form.get('proration_behavior')) as ProrationBehavior,
        cancel_mode: String(form.get('cancel_mode')) as CancelMode,
        cancellation_reasons: form.getAll('cancellation_reasons').map(String) as CancellationReason[],
      },
    });
  };
  const uploadLogo = (event: Event) => {
    const file = (event.currentTarget as HTMLInputElement).files?.[0];
    if (!file) return;
    void action.run(async () => {
      const bytes = new Uint8Array(await file.arrayBuffer());
      let binary = '';
      for (const byte of bytes) binary += String.fromCharCode(byte);
      await call(
        api.POST('/v1/account/logo', {
          body: { content_type: file.type as 'image/png' | 'image/jpeg' | 'image/webp', data: btoa(binary) },
        }),
      );
      account.reload();
      return t('saved');
    });
  };
  const connectProcessor = (event: Event) => {
    event.preventDefault();
    const get = formFields(event);
    void action.run(async () => {
      await call(
        api.POST('/v1/account/processor', {
          body: { name: 'tranzila', terminal: get('terminal'), credentials: { app_key: get('app_key'), secret: get('secret') } },
        }),
      );
      account.reload();
      return t('saved');
    });
  };
  const connectTaxAuthority = () =>
    action.run(async () => {
      const answer = await call(api.POST('/v1/account/tax_authority/connect'));
      location.assign(answer.data.authorization_url);
    });

  return (
    <section aria-labelledby="settings-title">
      <h1 id="settings-title">{t('settings')}</h1>
      {action.note && <p role="status">{action.note}</p>}
      <ErrorNote error={action.error} />

      <h2>{t('businessProfile')}</h2>
      <form class="inline-form" onSubmit={saveProfile} key={JSON.stringify(profile)}>
        <label>
          {t('legalName')}
          <input name="legal_name" defaultValue={profile?.legal_name ?? ''} required />
        </label>
        <label>
          {t('businessNumber')}
          <input name="business_number" defaultValue={profile?.business_number ?? ''} required inputMode="numeric" dir="ltr" />
        </label>
        <label>
          {t('dealerType')}
          <select name="dealer_type" aria-label={t('dealerType')}>
            {DEALER_TYPES.map((type) => (
              <option value={type} selected={profile?.dealer_type === type}>
                {t(`dealer_${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('addressLine')}
          <input name="line1" defaultValue={profile?.address.line1 ?? ''} required />
        </label>
        <label>
          {t('city')}
          <input name="city" defaultValue={profile?.address.city ?? ''} required />
        </label>
        <label>
          {t('postalCode')}
          <input name="postal_code" defaultValue={profile?.address.postal_code ?? ''} required inputMode="numeric" dir="ltr" />
        </label>
        <label>
          {t('email')}
          <input name="email" type="email" defaultValue={profile?.email ?? ''} dir="ltr" />
        </label>
        <label>
          {t('phone')}
          <input name="phone" type="tel" defaultValue={profile?.phone ?? ''} dir="ltr" />
        </label>
        <button type="submit" disabled={action.busy}>
          {t('save')}
        </button>
      </form>

      <h2>{t('branding')}</h2>
      <form class="inline-form" onSubmit={saveBranding} key={JSON.stringify([a.branding, a.support_refund_limit])}>
        <label>
          {t('brandColor')}
          <input name="color" defaultValue={a.branding.color ?? ''} placeholder="#0b5cad" pattern="#[0-9a-fA-F]{6}" dir="ltr" size={8} />
        </label>
        <label class="wide">
          {t('termsUrl')}
          <input name="terms_url" type="url" defaultValue={a.branding.terms_url ?? ''} dir="ltr" />
        </label>
        <label class="wide">
          {t('privacyUrl')}
          <input name="privacy_url" type="url" defaultValue={a.branding.privacy_url ?? ''} dir="ltr" />
        </label>
        <label>
          {t('supportRefundLimit')}
          <input
            name="support_refund_limit"
            defaultValue={shekels(a.support_refund_limit).slice(1)}
            inputMode="decimal"
            dir="ltr"
            size={8}
          />
        </label>
        <button type="submit" disabled={action.busy}>
          {t('save')}
        </button>
      </form>
      <label>
        {t('logo')}
        <input type="file" accept="image/png,image/jpeg,image/webp" onChange={uploadLogo} />
      </label>
      {a.branding.logo_url && (
        <p>
          {t('logo')}:{' '}
          <a href={a.branding.logo_url} dir="ltr">
            {a.branding.logo_url}
          </a>
        </p>
      )}

      <h2>{t('portalPlans')}</h2>
      <form onSubmit={savePortal}>
        <fieldset class="inline-form">
          <legend>{t('portalPlansHelp')}</legend>
          {prices.value?.data.filter((price) => price.active).length === 0 && <p>{t('nothing')}</p>}
          {prices.value?.data
            .filter((price) => price.active)
            .map((price) => (
              <label class="check" key={price.id}>
                <input
                  type="checkbox"
                  name="allowed_prices"
                  defaultValue={price.id}
                  defaultChecked={a.portal.allowed_prices.includes(price.id)}
                />
                {shekels(price.unit_amount)} / {price.recurring?.interval} <code dir="ltr">{price.id}</code>
              </label>
            ))}
        </fieldset>
        <div class="inline-form" key={JSON.stringify(a.portal)}>
          <label>
            {t('proration')}
            <select name="proration_behavior" aria-label={t('proration')}>
              {(['create_prorations', 'always_invoice', 'none'] as ProrationBehavior[]).map((value) => (
                <option value={value} selected={a.portal.proration_behavior === value}>
                  {t(`proration_${value}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('cancelMode')}
            <select name="cancel_mode" aria-label={t('cancelMode')}>
              {(['at_period_end', 'immediately'] as CancelMode[]).map((value) => (
                <option value={value} selected={a.portal.cancel_mode === value}>
                  {t(value === 'immediately' ? 'cancelNow' : 'cancelAtEnd')}
                </option>
              ))}
            </select>
          </label>
        </div>
        <fieldset class="inline-form">
          <legend>{t('cancellationReasons')}</legend>
          {REASONS.map((reason) => (
            <label class="check" key={reason}>
              <input
                type="checkbox"
                name="cancellation_reasons"
                value={reason}
                defaultChecked={a.portal.cancellation_reasons.includes(reason)}
              />
              {t(`reason_${reason}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={action.busy}>
          {t('save')}
        </button>
      </form>

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
    </section>
  );
}
