import { applyDocumentLang, resolveLang } from '@kupa/web-kit/i18n';
import { useEffect, useMemo, useRef } from 'preact/hooks';
import { accentStyle, LegalLinks, MerchantLogo } from '../../components/Branding';
import { Dialog } from '@kupa/web-kit/dialog';
import { PaymentPanel } from '../../components/PaymentPanel';
import { StatusView } from '../../components/StatusView';
import { Summary } from '../../components/Summary';
import { MESSAGES, type Messages } from '../../i18n/messages';
import { type Checkout, createCheckout, type Outcome } from '../../models/checkout';
import { formatAgorot, formatDate } from '../../models/money';
import './style.css';

export function CheckoutPage({ sessionId, embedded }: { sessionId: string | null; embedded: boolean }) {
  const checkout = useMemo(() => (sessionId ? createCheckout(sessionId, embedded) : null), [sessionId, embedded]);
  const root = useRef<HTMLDivElement>(null);
  const lang = checkout?.lang.value ?? resolveLang('auto');
  const t = MESSAGES[lang];
  const page = checkout?.page.value ?? null;
  const phase = checkout?.phase.value.kind ?? 'not_found';

  useEffect(() => {
    void checkout?.load();
  }, [checkout]);

  useEffect(() => {
    applyDocumentLang(lang);
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
    <div
      ref={root}
      class={embedded ? 'shell shell--embedded' : 'shell'}
      style={{ ...accentStyle(page?.merchant), ...(background ? { background } : {}) }}
    >
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
          {page && <Receipt checkout={checkout} date={new Date(page.expires_at)} />}
          {!checkout.embedded && page && (
            <a class="button button--secondary" href={page.cancel_url}>
              {t.backToStore}
            </a>
          )}
        </StatusView>
      );
    case 'done':
      return (
        <StatusView tone="success" title={outcomeTitle(t, phase.outcome)}>
          <p>{outcomeText(checkout, phase.outcome)}</p>
          {page && <Receipt checkout={checkout} date={page.completed_at ? new Date(page.completed_at) : new Date()} />}
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
        <MerchantLogo merchant={page.merchant} />
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
          <LegalLinks merchant={page.merchant} t={t} />
        </footer>
      )}
      {checkout.embedded && <LegalLinks merchant={page.merchant} t={t} />}
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

function outcomeTitle(t: Messages, outcome: Outcome): string {
  return { paid: t.paidTitle, authorized: t.authorizedTitle, trial: t.trialTitle, plan_changed: t.planChangedTitle }[outcome];
}

function outcomeText(checkout: Checkout, outcome: Outcome): string {
  const t = checkout.t.value;
  const page = checkout.page.value;
  if (outcome === 'authorized') return t.authorizedText;
  if (outcome === 'plan_changed') return t.planChangedText(page!.plan_change!.new.name);
  if (outcome === 'trial') {
    const started = page?.completed_at ? new Date(page.completed_at) : new Date();
    const firstCharge = new Date(started.getTime() + (page?.plan?.trial_period_days ?? 0) * 24 * 60 * 60 * 1000);
    return t.trialStartedText(formatDate(firstCharge, checkout.lang.value));
  }
  return t.paidText;
}

/** What the shopper may want to keep of a paid or expired session: who, how much, its reference and when. */
function Receipt({ checkout, date }: { checkout: Checkout; date: Date }) {
  const t = checkout.t.value;
  const page = checkout.page.value!;
  const lang = checkout.lang.value;
  const rows: [string, string][] = [
    [t.receiptMerchant, page.merchant.name],
    [t.receiptAmount, formatAgorot(page.amount_due_now, lang)],
    [t.receiptReference, page.id],
    [t.receiptDate, formatDate(date, lang)],
  ];
  return (
    <dl class="receipt">
      {rows.map(([label, value]) => (
        <div key={label} class="receipt__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
