import { useSignal } from '@preact/signals';
import { api, call } from '../api';
import { chargeStatus, DownloadButton, ErrorNote, Link, Status, useConfirm, useLoad } from '../components/ui';
import { documentPdf } from '../downloads';
import { agorotForField, dateTime, paidWith, parseShekels, shekels } from '../format';
import { t } from '../i18n';
import type { Permissions } from '../permissions';

/** One payment: what was paid, its refunds, documents and events; refund, capture or release as the role allows. */
export function Payment({ id, can }: { id: string; can: Permissions }) {
  const charge = useLoad(() => call(api.GET('/v1/charges/{id}', { params: { path: { id } } })), [id]);
  const refunds = useLoad(() => call(api.GET('/v1/refunds', { params: { query: { charge: id, limit: 100 } } })), [id]);
  const events = useLoad(() => call(api.GET('/v1/events', { params: { query: { object: id, limit: 50 } } })), [id]);
  const formError = useSignal<string>();
  const reload = () => {
    charge.reload();
    refunds.reload();
    events.reload();
  };

  const confirm = useConfirm();
  const ask = (message: string, run: (key: string) => Promise<unknown>) => confirm.ask(message, (key) => run(key).then(reload));
  const amountOf = (event: Event, name: string, fallback: number): number | null => {
    const text = String(new FormData(event.currentTarget as HTMLFormElement).get(name) ?? '').trim();
    const amount = text ? parseShekels(text) : fallback;
    formError.value = amount === null || amount <= 0 ? t('error') : undefined;
    return amount === null || amount <= 0 ? null : amount;
  };

  const c = charge.value?.data;
  if (!c) return <ErrorNote error={charge.error} />;
  const refundable = (c.amount_captured ?? 0) - c.amount_refunded;
  const refund = (event: Event) => {
    event.preventDefault();
    const amount = amountOf(event, 'amount', refundable);
    if (amount === null) return;
    ask(t('confirmRefund', { amount: shekels(amount) }), (key) =>
      call(
        api.POST('/v1/charges/{id}/refunds', {
          params: { path: { id } },
          body: amount === refundable ? {} : { amount },
          headers: { 'Idempotency-Key': key },
        }),
      ),
    );
  };
  const capture = (event: Event) => {
    event.preventDefault();
    const amount = amountOf(event, 'amount', c.amount);
    if (amount === null) return;
    ask(t('confirmCapture', { amount: shekels(amount) }), (key) =>
      call(api.POST('/v1/charges/{id}/capture', { params: { path: { id } }, body: { amount }, headers: { 'Idempotency-Key': key } })),
    );
  };
  const release = () =>
    ask(t('confirmRelease'), (key) =>
      call(api.POST('/v1/charges/{id}/cancel', { params: { path: { id } }, body: {}, headers: { 'Idempotency-Key': key } })),
    );

  return (
    <section aria-labelledby="payment-title">
      <p>
        <Link to="/payments">{t('back')}</Link>
      </p>
      <h1 id="payment-title">
        {shekels(c.amount)} <Status value={chargeStatus(c)} />
      </h1>
      <dl class="facts">
        <dt>ID</dt>
        <dd dir="ltr">{c.id}</dd>
        <dt>{t('card')}</dt>
        <dd dir="ltr">{paidWith(c.payment_method_details, true)}</dd>
        <dt>{t('customer')}</dt>
        <dd dir="ltr">{c.customer ?? '—'}</dd>
        <dt>{t('refunded')}</dt>
        <dd>{shekels(c.amount_refunded)}</dd>
        <dt>{t('created')}</dt>
        <dd>{dateTime(c.created)}</dd>
        {c.status === 'requires_capture' && c.capturable_until && (
          <>
            <dt>{t('holdUntil')}</dt>
            <dd>{dateTime(c.capturable_until)}</dd>
          </>
        )}
      </dl>

      {c.status === 'succeeded' && refundable > 0 && can.refund && (
        <form class="inline-form" onSubmit={refund} aria-label={t('refund')} key={c.amount_refunded}>
          <label>
            {t('refundAmount')}
            <input name="amount" inputMode="decimal" placeholder={agorotForField(refundable)} dir="ltr" />
          </label>
          <button type="submit" class="primary">
            {t('refund')}
          </button>
        </form>
      )}
      {c.status === 'requires_capture' && can.capture && (
        <form class="inline-form" onSubmit={capture} aria-label={t('capture')}>
          <label>
            {t('captureAmount')}
            <input name="amount" inputMode="decimal" placeholder={agorotForField(c.amount)} dir="ltr" />
          </label>
          <button type="submit" class="primary">
            {t('capture')}
          </button>
          <button type="button" onClick={release}>
            {t('release')}
          </button>
        </form>
      )}
      {formError.value && (
        <p class="error" role="alert">
          {formError.value}
        </p>
      )}

      {c.document && (
        <p>
          {t('document')}: <DownloadButton path={documentPdf(c.document)} label={`${t('download')} PDF`} />
        </p>
      )}

      <h2>{t('refunds')}</h2>
      {refunds.value && refunds.value.data.length === 0 && <p>{t('nothing')}</p>}
      <ul class="plain">
        {refunds.value?.data.map((r) => (
          <li key={r.id}>
            {shekels(r.amount)} <Status value={r.status} /> {dateTime(r.created)}
            {r.document && (
              <>
                {' '}
                <DownloadButton path={documentPdf(r.document)} label={`${t('document')} PDF`} />
              </>
            )}
          </li>
        ))}
      </ul>

      <h2>{t('events')}</h2>
      <ul class="plain">
        {events.value?.data.map((e) => (
          <li key={e.id}>
            <code dir="ltr">{e.type}</code> <span>{dateTime(e.created)}</span>
          </li>
        ))}
      </ul>

      {confirm.dialog}
    </section>
  );
}
