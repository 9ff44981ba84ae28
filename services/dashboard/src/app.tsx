import { useEffect, useState } from 'preact/hooks';
import { api, call, type Mode, RequestError, type Schemas, session, whenSignedOut } from './api';
import { ErrorNote, Link } from './components/ui';
import { applyLang, i18n, type MessageKey, t } from './i18n';
import { permissionsOf } from './permissions';
import { AuditLog } from './pages/AuditLog';
import { Developers } from './pages/Developers';
import { Documents } from './pages/Documents';
import { Customer, Customers } from './pages/Customers';
import { Discounts } from './pages/Discounts';
import { Product, Products } from './pages/Products';
import { Settings } from './pages/Settings';
import { SubscriptionPage, Subscriptions } from './pages/Subscriptions';
import { Home } from './pages/Home';
import { WebhookDeliveries, Webhooks } from './pages/Webhooks';
import { Payment } from './pages/Payment';
import { Payments } from './pages/Payments';
import { Security } from './pages/Security';
import { AcceptInvitation, SignIn } from './pages/SignIn';
import { roleName, Team } from './pages/Team';
import { navigate, usePath } from './router';

type Me = Schemas['DashboardSession'];

export function App() {
  const path = usePath();
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const [, setLang] = useState(i18n.lang);
  const [mode, setMode] = useState<Mode>(session.mode);
  const [modeError, setModeError] = useState<unknown>();

  const signedIn = (next: Me) => {
    session.csrf = next.csrf_token;
    setMe(next);
  };
  const signedOut = () => {
    session.csrf = null;
    setMe(null);
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

  if (path === '/accept' && !me) return <AcceptInvitation onSignedIn={signedIn} />;
  if (me === undefined) return null;
  if (me === null) return <SignIn onSignedIn={signedIn} />;

  const can = permissionsOf(me.user.role);
  const switchLang = () => {
    applyLang(i18n.lang === 'he' ? 'en' : 'he');
    setLang(i18n.lang);
  };
  const switchMode = async (next: Mode) => {
    const previous = session.mode;
    session.mode = next;
    setModeError(undefined);
    try {
      // The API decides whether this user may work in the mode (an owner in live mode needs two-factor).
      await call(api.GET('/v1/account'));
      localStorage.setItem('kupa-mode', next);
      setMode(next);
    } catch (caught) {
      session.mode = previous;
      setModeError(caught);
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
  const page = route(path, me, can, refreshMe, signedOut);
  return (
    <div class={`shell mode-${mode}`}>
      <a class="skip" href="#main">
        {i18n.lang === 'he' ? 'דילוג לתוכן' : 'Skip to content'}
      </a>
      {mode === 'test' && (
        <div class="banner" role="note">
          {t('testBanner')}
        </div>
      )}
      <header class="top">
        <strong class="brand">{me.account.name}</strong>
        <fieldset class="modes">
          <legend class="visually-hidden">{t('testMode')}</legend>
          {(['test', 'live'] as Mode[]).map((m) => (
            <label key={m}>
              <input type="radio" name="mode" value={m} checked={mode === m} onChange={() => switchMode(m)} />
              {t(m === 'test' ? 'testMode' : 'liveMode')}
            </label>
          ))}
        </fieldset>
        <button type="button" class="link" onClick={switchLang} lang={i18n.lang === 'he' ? 'en' : 'he'}>
          {t('language')}
        </button>
        <span class="who" dir="ltr">
          {me.user.email} · {roleName(me.user.role)}
        </span>
        <button type="button" onClick={signOut}>
          {t('signOut')}
        </button>
      </header>
      <ErrorNote error={modeError} />
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
      <main id="main" key={`${mode}-${i18n.lang}`}>
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
