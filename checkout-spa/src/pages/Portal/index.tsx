import { applyDocumentLang } from '@kupa/web-kit/i18n';
import { useEffect, useMemo } from 'preact/hooks';
import { accentStyle, LegalLinks, MerchantLogo } from '../../components/Branding';
import { StatusView } from '../../components/StatusView';
import { createPortal, type Portal, type PortalPage as PortalView } from '../../models/portal';
import { Subscriptions } from '../../components/portal/Subscriptions';
import { Cards } from '../../components/portal/Cards';
import { History } from '../../components/portal/History';
import { Contact } from '../../components/portal/Contact';
import '../Checkout/style.css';
import './style.css';

/** `/portal/:id`: where a customer manages their subscriptions, cards, documents and contact details. */
export function PortalPage({ sessionId }: { sessionId: string }) {
  const portal = useMemo(() => createPortal(sessionId), [sessionId]);
  const lang = portal.lang.value;
  const page = portal.page.value;

  useEffect(() => {
    void portal.load();
  }, [portal]);

  useEffect(() => {
    applyDocumentLang(lang);
    document.title = page ? `${portal.words.value.title} · ${page.merchant.name}` : portal.words.value.title;
  }, [lang, page]);

  return (
    <div class="shell" style={accentStyle(page?.merchant)}>
      <main class="checkout portal">
        <Body portal={portal} />
      </main>
      <div class="visually-hidden" aria-live="polite">
        {portal.notice.value?.text}
      </div>
    </div>
  );
}

function Body({ portal }: { portal: Portal }) {
  const words = portal.words.value;
  switch (portal.phase.value.kind) {
    case 'loading':
      return (
        <StatusView tone="info" title={words.loading}>
          <div class="skeleton" aria-hidden="true" />
        </StatusView>
      );
    case 'not_found':
      return (
        <StatusView tone="error" title={words.notFoundTitle}>
          <p>{words.notFoundText}</p>
        </StatusView>
      );
    case 'expired':
      return (
        <StatusView tone="warning" title={words.expiredTitle}>
          <p>{words.expiredText}</p>
        </StatusView>
      );
    case 'load_failed':
      return (
        <StatusView tone="warning" title={portal.t.value.networkTitle}>
          <p>{words.network}</p>
          <button type="button" class="button button--secondary" onClick={() => void portal.load()}>
            {portal.t.value.retry}
          </button>
        </StatusView>
      );
    case 'ready':
      return <Ready portal={portal} page={portal.page.value!} />;
  }
}

function Ready({ portal, page }: { portal: Portal; page: PortalView }) {
  const t = portal.t.value;
  const words = portal.words.value;
  const notice = portal.notice.value;
  return (
    <>
      <header class="merchant portal__header">
        <MerchantLogo merchant={page.merchant} />
        <div class="portal__heading">
          <p class="merchant__name">{page.merchant.name}</p>
          <h1 class="portal__title">{words.title}</h1>
        </div>
        {!page.livemode && <span class="badge">{t.testMode}</span>}
      </header>
      {notice && (
        <p class={`notice notice--${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      <div class="portal__sections">
        <Subscriptions portal={portal} page={page} />
        <Cards portal={portal} page={page} />
        <History portal={portal} page={page} />
        <Contact portal={portal} page={page} />
      </div>
      <footer class="footer">
        {page.return_url && <a href={page.return_url}>{words.back(page.merchant.name)}</a>}
        <LegalLinks merchant={page.merchant} t={t} />
      </footer>
    </>
  );
}
