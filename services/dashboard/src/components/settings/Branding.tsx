import { api, call } from '../../api';
import { formFields } from '../ui';
import { agorotForField, parseShekels } from '../../format';
import { t } from '../../i18n';
import type { SettingsPart } from './part';

/** The merchant's look on their customers' pages, and the support role's refund limit. */
export function Branding({ account: a, action, save, reload }: SettingsPart) {
  const saveBranding = (event: Event) => {
    event.preventDefault();
    const get = formFields(event);
    const limit = parseShekels(get('support_refund_limit'));
    void save({
      branding: { color: get('color') || null, terms_url: get('terms_url') || null, privacy_url: get('privacy_url') || null },
      ...(limit !== null ? { support_refund_limit: limit } : {}),
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
      reload();
      return t('saved');
    });
  };

  return (
    <>
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
          <input name="support_refund_limit" defaultValue={agorotForField(a.support_refund_limit)} inputMode="decimal" dir="ltr" size={8} />
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
    </>
  );
}
