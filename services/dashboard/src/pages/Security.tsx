import { useSignal } from '@preact/signals';
import { api, call, type Schemas } from '../api';
import { ErrorNote } from '../components/ui';
import { t } from '../i18n';

/** Two-factor sign-in for the signed-in user, and signing out of every device. */
export function Security({ me, onChanged, onSignedOut }: { me: Schemas['User']; onChanged: () => void; onSignedOut: () => void }) {
  const secret = useSignal<{ secret: string; otpauth_url: string }>();
  const error = useSignal<unknown>();
  const begin = async () => {
    error.value = undefined;
    try {
      secret.value = (await call(api.POST('/v1/dashboard/two_factor'))).data;
    } catch (caught) {
      error.value = caught;
    }
  };
  const confirm = async (event: Event) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget as HTMLFormElement).get('code'));
    error.value = undefined;
    try {
      await call(api.POST('/v1/dashboard/two_factor/confirm', { body: { code } }));
      secret.value = undefined;
      onChanged();
    } catch (caught) {
      error.value = caught;
    }
  };
  const everywhere = async () => {
    await call(api.POST('/v1/dashboard/sign_out_everywhere')).catch(() => undefined);
    onSignedOut();
  };
  return (
    <section aria-labelledby="security-title">
      <h1 id="security-title">{t('security')}</h1>
      <h2>{t('twoFactor')}</h2>
      {me.two_factor_enabled ? (
        <p>{t('twoFactorOn')}</p>
      ) : secret.value ? (
        <form class="card narrow" onSubmit={confirm}>
          <p>{t('twoFactorHelp')}</p>
          <p>
            {t('secret')}: <code dir="ltr">{secret.value.secret}</code>
          </p>
          <p dir="ltr">
            <a href={secret.value.otpauth_url}>{secret.value.otpauth_url.split('?')[0]}</a>
          </p>
          <label>
            {t('totpCode')}
            <input name="code" inputMode="numeric" pattern="[0-9]{6}" autocomplete="one-time-code" required dir="ltr" />
          </label>
          <button class="primary" type="submit">
            {t('turnOn')}
          </button>
        </form>
      ) : (
        <>
          {me.role === 'owner' && <p>{t('ownerLiveNeeds2fa')}</p>}
          <button type="button" class="primary" onClick={begin}>
            {t('twoFactorStart')}
          </button>
        </>
      )}
      <ErrorNote error={error.value} />
      <h2>{t('signOutEverywhere')}</h2>
      <button type="button" onClick={everywhere}>
        {t('signOutEverywhere')}
      </button>
    </section>
  );
}
