import { useEffect, useMemo, useRef } from 'preact/hooks';
import { Dialog } from '../../components/Dialog';
import { PaymentPanel } from '../../components/PaymentPanel';
import { StatusView } from '../../components/StatusView';
import { Summary } from '../../components/Summary';
import { MESSAGES, resolveLang } from '../../i18n/messages';
import { type Checkout, createCheckout } from '../../models/checkout';
import './style.css';

export function CheckoutPage({ sessionId, embedded }: { sessionId: string | null; embedded: boolean }) {
  const checkout = useMemo(() => (sessionId ? createCheckout(sessionId, embedded) : null), [sessionId, embedded]);
  const root = useRef<HTMLDivElement>(null);
  const lang = checkout?.lang.value ?? resolveLang('auto', navigator.languages ?? [navigator.language]);
  const t = MESSAGES[lang];
  const page = checkout?.page.value ?? null;
  const phase = checkout?.phase.value.kind ?? 'not_found';

  useEffect(() => {
    void checkout?.load();
  }, [checkout]);

  useEffect(() => {
    document.documentElement.lang = lang;
    document.documentElement.dir = lang === 'he' ? 'rtl' : 'ltr';
    document.title =
      page && phase === 'ready' ? `${embedded ? t.embedTitle : t.title} · ${page.merchant.name}` : embedded ? t.embedTitle : t.title;
  }, [lang, page, phase]);

  useEffect(() => {
    if (!checkout || !embedded || !root.current) return;
    return checkout.channel.watchHeight(root.current);
  }, [checkout]);

  useEffect(() => {
    if (checkout && embedded && phase === 'ready') checkout.channel.post({ type: 'service-checkout-ready' });
  }, [phase === 'ready']);

  const background = embedded && page ? page.background_color : undefined;
  return (
    <div ref={root} class={embedded ? 'shell shell--embedded' : 'shell'} style={background ? { background } : undefined}>
      <main class="checkout">
        {checkout ? (
          <Body checkout={checkout} />
        ) : (
          <StatusView tone="error" title={t.notFoundTitle}>
            <p>{t.notFoundText}</p>
          </StatusView>
        )}
      </main>
      <div class="visually-hidden" aria-live="polite">
        {checkout?.announcement.value}
      </div>
    </div>
  );
}

function Body({ checkout }: { checkout: Checkout }) {
  const t = checkout.t.value;
  const phase = checkout.phase.value;
  const page = checkout.page.value;

  switch (phase.kind) {
    case 'loading':
      return (
        <StatusView tone="info" title={t.loading}>
          <div class="skeleton" aria-hidden="true" />
        </StatusView>
      );
    case 'wrong_host': {
      const right = `${phase.expected}${location.pathname}${location.search}`;
      return (
        <StatusView tone="warning" title={t.wrongHostTitle}>
          <p>{t.wrongHostText(phase.opened, phase.expected)}</p>
          <p>
            <a href={right} dir="ltr">
              {right}
            </a>
          </p>
        </StatusView>
      );
    }
    case 'not_found':
      return (
        <StatusView tone="error" title={t.notFoundTitle}>
          <p>{t.notFoundText}</p>
        </StatusView>
      );
    case 'load_failed':
      return (
        <StatusView tone="warning" title={t.networkTitle}>
          <p>{t.networkText}</p>
          <button type="button" class="button button--secondary" onClick={() => void checkout.load()}>
            {t.retry}
          </button>
        </StatusView>
      );
    case 'expired':
      return (
        <StatusView tone="warning" title={t.expiredTitle}>
          <p>{t.expiredText}</p>
          {!checkout.embedded && page && (
            <a class="button button--secondary" href={page.cancel_url}>
              {t.backToStore}
            </a>
          )}
        </StatusView>
      );
    case 'done':
      return (
        <StatusView tone="success" title={t.paidTitle}>
          <p>{phase.outcome === 'authorized' ? t.authorizedText : phase.outcome === 'trial' ? t.trialStartedText : t.paidText}</p>
          {!checkout.embedded && phase.redirectUrl && (
            <p>
              <a href={phase.redirectUrl}>{t.backToStore}</a>
            </p>
          )}
        </StatusView>
      );
    case 'ready':
      return <Ready checkout={checkout} />;
  }
}

function Ready({ checkout }: { checkout: Checkout }) {
  const t = checkout.t.value;
  const page = checkout.page.value!;
  return (
    <>
      <header class="merchant">
        <h1 class="merchant__name">{page.merchant.name}</h1>
        {!page.livemode && <span class="badge">{t.testMode}</span>}
      </header>
      <div class="layout">
        <Summary checkout={checkout} />
        <PaymentPanel checkout={checkout} />
      </div>
      {!checkout.embedded && (
        <footer class="footer">
          <a href={page.cancel_url}>{t.cancel}</a>
        </footer>
      )}
      <Dialog title={t.authTitle} open={checkout.challenge.value !== null} onCancel={() => void checkout.completeChallenge('failed')}>
        <p>{t.authText}</p>
        <div class="dialog__actions">
          <button type="button" class="button button--pay" onClick={() => void checkout.completeChallenge('authenticated')}>
            {t.authComplete}
          </button>
          <button type="button" class="button button--secondary" onClick={() => void checkout.completeChallenge('failed')}>
            {t.authFail}
          </button>
        </div>
      </Dialog>
    </>
  );
}
