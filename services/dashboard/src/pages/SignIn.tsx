import { useSignal } from '@preact/signals';
import { api, call, RequestError, type Schemas } from '../api';
import { ErrorNote } from '../components/ui';
import { t } from '../i18n';
import { navigate } from '../router';

/** Email and password, then the TOTP code when the user turned two-factor on. */
export function SignIn({ onSignedIn }: { onSignedIn: (me: Schemas['DashboardSession']) => void }) {
  const needsCode = useSignal(false);
  const error = useSignal<unknown>();
  const busy = useSignal(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const code = String(form.get('totp_code') ?? '');
    busy.value = true;
    error.value = undefined;
    try {
      const body = { email: String(form.get('email')), password: String(form.get('password')), ...(code ? { totp_code: code } : {}) };
      onSignedIn((await call(api.POST('/v1/dashboard/sign_in', { body }))).data);
    } catch (caught) {
      if (caught instanceof RequestError && caught.error.code === 'two_factor_code_required') needsCode.value = true;
      else error.value = caught;
    } finally {
      busy.value = false;
    }
  };
  return (
    <main class="centered">
      <form class="card narrow" onSubmit={submit}>
        <h1>{t('signInTitle')}</h1>
        <label>
          {t('email')}
          <input name="email" type="email" autocomplete="username" required dir="ltr" />
        </label>
        <label>
          {t('password')}
          <input name="password" type="password" autocomplete="current-password" required dir="ltr" />
        </label>
        {needsCode.value && (
          <label>
            {t('totpCode')}
            <input name="totp_code" inputMode="numeric" pattern="[0-9]{6}" autocomplete="one-time-code" required autoFocus dir="ltr" />
          </label>
        )}
        <ErrorNote error={error.value} />
        <button class="primary" type="submit" disabled={busy.value}>
          {t('signIn')}
        </button>
      </form>
    </main>
  );
}

/** The invitation link's page: a name and a password, then signed in. The token is in the link's fragment. */
export function AcceptInvitation({ onSignedIn }: { onSignedIn: (me: Schemas['DashboardSession']) => void }) {
  const error = useSignal<unknown>();
  const busy = useSignal(false);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    busy.value = true;
    error.value = undefined;
    try {
      const body = { token: location.hash.slice(1), name: String(form.get('name')), password: String(form.get('password')) };
      const me = (await call(api.POST('/v1/dashboard/invitations/accept', { body }))).data;
      navigate('/', true);
      onSignedIn(me);
    } catch (caught) {
      error.value = caught;
    } finally {
      busy.value = false;
    }
  };
  return (
    <main class="centered">
      <form class="card narrow" onSubmit={submit}>
        <h1>{t('acceptTitle')}</h1>
        <label>
          {t('yourName')}
          <input name="name" autocomplete="name" required maxLength={120} />
        </label>
        <label>
          {t('choosePassword')}
          <input name="password" type="password" autocomplete="new-password" minLength={12} required dir="ltr" />
        </label>
        <ErrorNote error={error.value} />
        <button class="primary" type="submit" disabled={busy.value}>
          {t('join')}
        </button>
      </form>
    </main>
  );
}
