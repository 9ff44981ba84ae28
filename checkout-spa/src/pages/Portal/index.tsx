import { useEffect, useMemo, useState } from 'preact/hooks';
import { accentStyle, LegalLinks, MerchantLogo } from '../../components/Branding';
import { CardFields } from '../../components/CardFields';
import { Dialog } from '../../components/Dialog';
import { BrandMark, LockMark } from '../../components/Marks';
import { StatusView } from '../../components/StatusView';
import { useCardForm } from '../../components/useCardForm';
import { BRAND_NAMES } from '../../models/card';
import { formatAgorot, formatDate } from '../../models/money';
import {
  type CancellationReason,
  createPortal,
  type Portal,
  type PortalPage as PortalView,
  type PortalSubscription,
  type SwitchPreview,
} from '../../models/portal';
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
    document.documentElement.lang = lang;
    document.documentElement.dir = lang === 'he' ? 'rtl' : 'ltr';
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

function Subscriptions({ portal, page }: { portal: Portal; page: PortalView }) {
  const words = portal.words.value;
  return (
    <section class="panel" aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title" class="panel__title">
        {words.subscriptions}
      </h2>
      {page.subscriptions.length === 0 && <p class="muted">{words.noSubscriptions}</p>}
      {page.subscriptions.map((subscription) => (
        <SubscriptionItem key={subscription.id} portal={portal} page={page} subscription={subscription} />
      ))}
    </section>
  );
}

function SubscriptionItem({ portal, page, subscription }: { portal: Portal; page: PortalView; subscription: PortalSubscription }) {
  const t = portal.t.value;
  const words = portal.words.value;
  const lang = portal.lang.value;
  const busy = portal.busy.value;
  const [switching, setSwitching] = useState(false);
  const [canceling, setCanceling] = useState(false);
  const money = (agorot: number) => formatAgorot(agorot, lang);
  const day = (iso: string) => formatDate(new Date(iso), lang);
  const titleId = `plan-${subscription.id}`;
  const open = subscription.status !== 'canceled';
  return (
    <article class="subscription" aria-labelledby={titleId}>
      <div class="subscription__head">
        <h3 id={titleId} class="subscription__plan">
          {subscription.plan.name}
          {subscription.plan.quantity > 1 && ` × ${subscription.plan.quantity}`}
        </h3>
        <span class={`pill pill--${subscription.status}`}>{words.status[subscription.status]}</span>
      </div>
      <p class="subscription__price">
        {t.perInterval(money(subscription.plan.unit_amount * subscription.plan.quantity), subscription.plan.interval)}
      </p>
      {subscription.status === 'trialing' && subscription.trial_end && <p>{words.trialEnds(day(subscription.trial_end))}</p>}
      {subscription.cancel_at_period_end && open && <p>{words.endsOn(day(subscription.current_period_end))}</p>}
      {subscription.status === 'past_due' && <p class="subscription__warning">{words.pastDueText}</p>}
      {open && (
        <p>
          {subscription.next_charge
            ? words.nextCharge(money(subscription.next_charge.amount), day(subscription.next_charge.date))
            : words.noNextCharge}
        </p>
      )}
      {open && (
        <div class="actions">
          {subscription.switch_to.length > 0 && (
            <button type="button" class="button button--secondary" disabled={busy} onClick={() => setSwitching(true)}>
              {words.switchPlan}
            </button>
          )}
          {subscription.cancel_at_period_end ? (
            <button type="button" class="button button--secondary" disabled={busy} onClick={() => void portal.reactivate(subscription.id)}>
              {words.reactivate}
            </button>
          ) : (
            <button type="button" class="button button--quiet" disabled={busy} onClick={() => setCanceling(true)}>
              {words.cancelSubscription}
            </button>
          )}
        </div>
      )}
      {switching && <SwitchDialog portal={portal} subscription={subscription} onClose={() => setSwitching(false)} />}
      {canceling && <CancelDialog portal={portal} page={page} subscription={subscription} onClose={() => setCanceling(false)} />}
    </article>
  );
}

function SwitchDialog({ portal, subscription, onClose }: { portal: Portal; subscription: PortalSubscription; onClose: () => void }) {
  const t = portal.t.value;
  const words = portal.words.value;
  const lang = portal.lang.value;
  const money = (agorot: number) => formatAgorot(agorot, lang);
  const [price, setPrice] = useState(subscription.switch_to[0].id);
  const [preview, setPreview] = useState<SwitchPreview | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    setPreview(null);
    setFailed(false);
    portal.preview(subscription.id, price).then(
      (answer) => current && setPreview(answer),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [price]);

  const chosen = subscription.switch_to.find((option) => option.id === price)!;
  const confirm = async () => {
    if (await portal.switchPlan(subscription.id, price, chosen.name)) onClose();
  };
  return (
    <Dialog title={words.switchTitle} open onCancel={onClose}>
      <fieldset class="choices">
        <legend>{words.choosePlan}</legend>
        {subscription.switch_to.map((option) => (
          <label key={option.id} class="choice">
            <input type="radio" name="plan" value={option.id} checked={option.id === price} onChange={() => setPrice(option.id)} />
            <span>
              {option.name} · {t.perInterval(money(option.unit_amount), option.interval)}
            </span>
          </label>
        ))}
      </fieldset>
      <div class="preview" aria-live="polite" aria-busy={!preview && !failed}>
        {failed && <p class="field-error">{words.failed}</p>}
        {preview && (
          <>
            {preview.charged_now ? (
              <p class="preview__headline">{words.payNow(money(preview.amount_due))}</p>
            ) : (
              <>
                {preview.credit > 0 && <p class="preview__headline">{words.creditNext(money(preview.credit))}</p>}
                {preview.date && <p>{words.nextBill(money(preview.amount_due), formatDate(new Date(preview.date), lang))}</p>}
              </>
            )}
            {preview.charged_now && (
              <dl class="totals">
                {preview.lines.map((line, i) => (
                  <div key={i} class="totals__row">
                    <dt dir="auto">{line.description}</dt>
                    <dd dir="ltr">{money(line.amount)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </>
        )}
      </div>
      <div class="dialog__actions">
        <button type="button" class="button button--pay" disabled={!preview || portal.busy.value} onClick={() => void confirm()}>
          {portal.busy.value && <span class="spinner" aria-hidden="true" />}
          {words.confirmSwitch}
        </button>
        <button type="button" class="button button--secondary" onClick={onClose}>
          {words.close}
        </button>
      </div>
    </Dialog>
  );
}

function CancelDialog({
  portal,
  page,
  subscription,
  onClose,
}: {
  portal: Portal;
  page: PortalView;
  subscription: PortalSubscription;
  onClose: () => void;
}) {
  const words = portal.words.value;
  const [reason, setReason] = useState<CancellationReason | undefined>(undefined);
  const atEnd = page.settings.cancel_mode === 'at_period_end' && subscription.status !== 'past_due';
  const confirm = async () => {
    if (await portal.cancel(subscription.id, reason)) onClose();
  };
  return (
    <Dialog title={words.cancelTitle} open onCancel={onClose}>
      <p>{atEnd ? words.cancelAtEnd(formatDate(new Date(subscription.current_period_end), portal.lang.value)) : words.cancelNow}</p>
      {page.settings.cancellation_reasons.length > 0 && (
        <fieldset class="choices">
          <legend>{words.reasonLegend}</legend>
          {page.settings.cancellation_reasons.map((option) => (
            <label key={option} class="choice">
              <input type="radio" name="reason" value={option} checked={reason === option} onChange={() => setReason(option)} />
              <span>{words.reasons[option]}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div class="dialog__actions">
        <button type="button" class="button button--danger" disabled={portal.busy.value} onClick={() => void confirm()}>
          {words.confirmCancel}
        </button>
        <button type="button" class="button button--secondary" onClick={onClose}>
          {words.keep}
        </button>
      </div>
    </Dialog>
  );
}

function Cards({ portal, page }: { portal: Portal; page: PortalView }) {
  const words = portal.words.value;
  const busy = portal.busy.value;
  const [adding, setAdding] = useState(false);
  return (
    <section class="panel" aria-labelledby="cards-title">
      <h2 id="cards-title" class="panel__title">
        {words.cards}
      </h2>
      <ul class="cards">
        {page.payment_methods.map(({ id, card, default: isDefault, in_use }) => (
          <li key={id} class="saved-card">
            <span class="saved-card__name">
              {card.brand !== 'unknown' && <BrandMark brand={card.brand} />}
              <span dir="ltr">{words.cardLabel(BRAND_NAMES[card.brand] || '', card.last4)}</span>
            </span>
            <span class="muted">{words.expires(String(card.exp_month).padStart(2, '0'), String(card.exp_year).slice(-2))}</span>
            {isDefault && <span class="pill pill--active">{words.defaultCard}</span>}
            <span class="saved-card__actions">
              {!isDefault && (
                <button
                  type="button"
                  class="button button--link"
                  disabled={busy}
                  aria-label={words.makeDefaultLabel(card.last4)}
                  onClick={() => void portal.makeDefault(id)}
                >
                  {words.makeDefault}
                </button>
              )}
              {!in_use && (
                <button
                  type="button"
                  class="button button--link"
                  disabled={busy}
                  aria-label={words.removeLabel(card.last4)}
                  onClick={() => void portal.removeCard(id)}
                >
                  {words.remove}
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {adding ? (
        <NewCard portal={portal} page={page} onDone={() => setAdding(false)} />
      ) : (
        <button type="button" class="button button--secondary" disabled={busy} onClick={() => setAdding(true)}>
          {words.updateCard}
        </button>
      )}
    </section>
  );
}

function NewCard({ portal, page, onDone }: { portal: Portal; page: PortalView; onDone: () => void }) {
  const t = portal.t.value;
  const words = portal.words.value;
  const busy = portal.busy.value;
  const card = useCardForm(t, page.cardholder_id_required);
  useEffect(() => document.getElementById('card-number')?.focus(), []);
  const submit = async (event: Event) => {
    event.preventDefault();
    const input = card.read();
    if (!input) return;
    try {
      if (await portal.addCard(input)) onDone();
    } catch (error) {
      card.refused(error);
    }
  };
  return (
    <form class="card-form new-card" onSubmit={submit} noValidate aria-busy={busy} aria-labelledby="new-card-title">
      <h3 id="new-card-title" class="new-card__title">
        {words.newCard}
      </h3>
      <CardFields
        t={t}
        values={card.values}
        errors={card.errors}
        brand={card.brand}
        askHolderId={page.cardholder_id_required}
        disabled={busy}
        onInput={card.onInput}
        onBlur={card.onBlur}
      />
      <p class="note note--secure">
        <LockMark />
        <span>{words.cardNote}</span>
      </p>
      <div class="actions">
        <button type="submit" class="button button--pay" disabled={busy} onMouseDown={(e) => e.preventDefault()}>
          {busy && <span class="spinner" aria-hidden="true" />}
          {words.saveCard}
        </button>
        <button type="button" class="button button--secondary" onClick={onDone}>
          {words.close}
        </button>
      </div>
    </form>
  );
}

function History({ portal, page }: { portal: Portal; page: PortalView }) {
  const words = portal.words.value;
  const lang = portal.lang.value;
  const money = (agorot: number) => formatAgorot(agorot, lang);
  const statusOf = (status: PortalView['payments'][number]['status']) =>
    ({ succeeded: words.paid, failed: words.failedPayment, requires_capture: words.held, canceled: words.voided })[status];
  return (
    <section class="panel" aria-labelledby="history-title">
      <h2 id="history-title" class="panel__title">
        {words.history}
      </h2>
      {page.payments.length === 0 ? (
        <p class="muted">{words.noPayments}</p>
      ) : (
        <table class="history">
          <thead>
            <tr>
              <th scope="col">{words.date}</th>
              <th scope="col" class="history__amount">
                {words.amount}
              </th>
              <th scope="col">{words.paymentStatus}</th>
              <th scope="col">{words.documents}</th>
            </tr>
          </thead>
          <tbody>
            {page.payments.map((payment) => (
              <tr key={payment.id}>
                <td>{formatDate(new Date(payment.created), lang)}</td>
                <td class="history__amount">{money(payment.amount)}</td>
                <td>
                  {statusOf(payment.status)}
                  {payment.amount_refunded > 0 && <span class="muted"> · {words.refunded(money(payment.amount_refunded))}</span>}
                </td>
                <td>
                  {payment.documents.map((document) => {
                    const name = words.documentName[document.type](document.number);
                    return (
                      <span key={document.id} class="document">
                        <span id={`doc-${document.id}`}>{name}</span>{' '}
                        <a href={document.url} target="_blank" rel="noopener" aria-describedby={`doc-${document.id}`}>
                          {words.download}
                        </a>
                      </span>
                    );
                  })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function Contact({ portal, page }: { portal: Portal; page: PortalView }) {
  const words = portal.words.value;
  const [email, setEmail] = useState(page.customer.email ?? '');
  const [phone, setPhone] = useState(page.customer.phone ?? '');
  const submit = (event: Event) => {
    event.preventDefault();
    void portal.updateContact({ email: email.trim() || null, phone: phone.trim() || null });
  };
  return (
    <section class="panel" aria-labelledby="contact-title">
      <h2 id="contact-title" class="panel__title">
        {words.contact}
      </h2>
      <form class="contact" onSubmit={submit}>
        <div class="field">
          <label for="contact-email">{words.email}</label>
          <input
            id="contact-email"
            type="email"
            dir="ltr"
            autocomplete="email"
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="contact-phone">{words.phone}</label>
          <input
            id="contact-phone"
            type="tel"
            dir="ltr"
            autocomplete="tel"
            value={phone}
            onInput={(e) => setPhone(e.currentTarget.value)}
          />
        </div>
        <button type="submit" class="button button--secondary" disabled={portal.busy.value}>
          {words.saveContact}
        </button>
      </form>
    </section>
  );
}
