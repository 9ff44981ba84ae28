import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { api, call, type Mode, RequestError, type Schemas, session, whenSignedOut } from './api';
import { ErrorNote, Link } from './components/ui';
import { applyLang, i18n, type MessageKey, t } from './i18n';
import { permissionsOf, roleName } from './permissions';
import { lazyComponent } from '@kupa/web-kit/lazy';
import { Customer, Customers } from './pages/Customers';
import { Discounts } from './pages/Discounts';
import { Product, Products } from './pages/Products';
import { SubscriptionPage, Subscriptions } from './pages/Subscriptions';
import { Home } from './pages/Home';
import { Payment } from './pages/Payment';
import { Payments } from './pages/Payments';
import { AcceptInvitation, SignIn } from './pages/SignIn';
import { navigate, router } from './router';

type Me = Schemas['DashboardSession'];

// The pages a merchant opens less often are downloaded when first opened.
const Settings = lazyComponent(() => import('./pages/Settings').then((page) => page.Settings));
const Documents = lazyComponent(() => import('./pages/Documents').then((page) => page.Documents));
const Webhooks = lazyComponent(() => import('./pages/Webhooks').then((page) => page.Webhooks));
const WebhookDeliveries = lazyComponent(() => import('./pages/Webhooks').then((page) => page.WebhookDeliveries));
const Developers = lazyComponent(() => import('./pages/Developers').then((page) => page.Developers));
const Team = lazyComponent(() => import('./pages/Team').then((page) => page.Team));
const AuditLog = lazyComponent(() => import('./pages/AuditLog').then((page) => page.AuditLog));
const Security = lazyComponent(() => import('./pages/Security').then((page) => page.Security));

export function App() {
  const path = router.path.value;
  const me = useSignal<Me | null | undefined>(undefined);
  const mode = useSignal<Mode>(session.mode);
  const modeError = useSignal<unknown>();

  const signedIn = (next: Me) => {
    session.csrf = next.csrf_token;
    me.value = next;
  };
  const signedOut = () => {
    session.csrf = null;
    me.value = null;
  };
  const refreshMe = () =>
    call(api.GET('/v1/dashboard/session')).then(
      (answer) => signedIn(answer.data),
      () => signedOut(),
    );
  useEffect(() => {
    applyLang(i18n.lang);
    whenSignedOut(signedOut);
    if (path !== '/accept') void refreshMe();
  }, []);

  if (path === '/accept' && !me.value) return <AcceptInvitation onSignedIn={signedIn} />;
  if (me.value === undefined) return null;
  if (me.value === null) return <SignIn onSignedIn={signedIn} />;

  const can = permissionsOf(me.value.user.role);
  const switchLang = () => {
    applyLang(i18n.lang === 'he' ? 'en' : 'he');
  };
  const switchMode = async (next: Mode) => {
    const previous = session.mode;
    session.mode = next;
    modeError.value = undefined;
    try {
      // The API decides whether this user may work in the mode (an owner in live mode needs two-factor).
      await call(api.GET('/v1/account'));
      localStorage.setItem('kupa-mode', next);
      mode.value = next;
    } catch (caught) {
      session.mode = previous;
      modeError.value = caught;
    }
  };
  const signOut = async () => {
    await call(api.POST('/v1/dashboard/sign_out')).catch(() => undefined);
    signedOut();
    navigate('/');
  };

  const nav: [string, MessageKey, boolean][] = [
    ['/', 'home', true],
    ['/payments', 'payments', true],
    ['/customers', 'customers', true],
    ['/subscriptions', 'subscriptions', true],
    ['/products', 'products', true],
    ['/discounts', 'discounts', true],
    ['/documents', 'documents', true],
    ['/webhooks', 'webhooks', true],
    ['/developers', 'developers', true],
    ['/team', 'team', true],
    ['/audit', 'auditLog', can.readAudit],
    ['/settings', 'settings', can.manageTeam],
    ['/security', 'security', true],
  ];
  const page = route(path, me.value, can, refreshMe, signedOut);
  return (
    <div class={`shell mode-${mode.value}`}>
      <a class="skip" href="#main">
        {i18n.lang === 'he' ? 'דילוג לתוכן' : 'Skip to content'}
      </a>
      {mode.value === 'test' && (
        <div class="banner" role="note">
          {t('testBanner')}
        </div>
      )}
      <header class="top">
        <strong class="brand">{me.value.account.name}</strong>
        <fieldset class="modes">
          <legend class="visually-hidden">{t('testMode')}</legend>
          {(['test', 'live'] as Mode[]).map((m) => (
            <label key={m}>
              <input type="radio" name="mode" value={m} checked={mode.value === m} onChange={() => switchMode(m)} />
              {t(m === 'test' ? 'testMode' : 'liveMode')}
            </label>
          ))}
        </fieldset>
        <button type="button" class="link" onClick={switchLang} lang={i18n.lang === 'he' ? 'en' : 'he'}>
          {t('language')}
        </button>
        <span class="who" dir="ltr">
          {me.value.user.email} · {roleName(me.value.user.role)}
        </span>
        <button type="button" onClick={signOut}>
          {t('signOut')}
        </button>
      </header>
      <ErrorNote error={modeError.value} />
      <nav aria-label="Kupa">
        <ul>
          {nav
            .filter(([, , shown]) => shown)
            .map(([to, label]) => (
              <li key={to}>
                <Link to={to} class={(to === '/' ? path === '/' : path.startsWith(to)) ? 'current' : undefined}>
                  {t(label)}
                </Link>
              </li>
            ))}
        </ul>
      </nav>
      <main id="main" key={`${mode.value}-${i18n.lang}`}>
        {page}
      </main>
    </div>
  );
}

function route(path: string, me: Me, can: ReturnType<typeof permissionsOf>, refreshMe: () => void, signedOut: () => void) {
  const payment = /^\/payments\/(ch_\w+)$/.exec(path);
  if (payment) return <Payment id={payment[1]} can={can} />;
  const detail = /^\/(customers|subscriptions|products)\/(\w+)$/.exec(path);
  if (detail?.[1] === 'customers') return <Customer id={detail[2]} />;
  if (detail?.[1] === 'subscriptions') return <SubscriptionPage id={detail[2]} />;
  if (detail?.[1] === 'products') return <Product id={detail[2]} />;
  const endpoint = /^\/webhooks\/(\d+)$/.exec(path);
  if (endpoint) return <WebhookDeliveries id={Number(endpoint[1])} />;
  switch (path) {
    case '/':
      return <Home />;
    case '/payments':
      return <Payments />;
    case '/customers':
      return <Customers />;
    case '/subscriptions':
      return <Subscriptions />;
    case '/products':
      return <Products />;
    case '/discounts':
      return <Discounts />;
    case '/settings':
      return <Settings />;
    case '/documents':
      return <Documents />;
    case '/webhooks':
      return <Webhooks can={can} />;
    case '/developers':
      return <Developers can={can} />;
    case '/team':
      return <Team can={can} me={me.user} />;
    case '/audit':
      return can.readAudit ? <AuditLog /> : <ErrorNote error={new RequestError(403, forbidden)} />;
    case '/security':
      return <Security me={me.user} onChanged={refreshMe} onSignedOut={signedOut} />;
    default:
      return <p>{t('nothing')}</p>;
  }
}

const forbidden = { type: 'permission_error' as const, code: 'permission_denied' as const, message: 'permission_denied' };
