import { useSignal } from '@preact/signals';
import { api, call, type Schemas } from '../api';
import { ErrorNote, formFields, Link, MoreButton, Status, useLoad, useConfirm, usePages } from '../components/ui';
import { dateTime, shekels } from '../format';
import { t } from '../i18n';
import { DataTable } from '@kupa/web-kit/data-table';

type Subscription = Schemas['Subscription'];
const STATUSES: Subscription['status'][] = ['active', 'trialing', 'past_due', 'paused', 'canceled'];

export function Subscriptions() {
  const status = useSignal<Subscription['status']>();
  const list = usePages(
    (startingAfter) =>
      call(
        api.GET('/v1/subscriptions', {
          params: {
            query: {
              limit: 100,
              ...(status.value ? { status: status.value } : {}),
              ...(startingAfter ? { starting_after: startingAfter } : {}),
            },
          },
        }),
      ),
    [status.value],
  );
  return (
    <section aria-labelledby="subscriptions-title">
      <h1 id="subscriptions-title">{t('subscriptions')}</h1>
      <label class="filters">
        {t('status')}
        <select onChange={(e) => (status.value = (e.currentTarget.value || undefined) as Subscription['status'] | undefined)}>
          <option value="">{t('any')}</option>
          {STATUSES.map((s) => (
            <option value={s}>{t(`status_${s}`)}</option>
          ))}
        </select>
      </label>
      <ErrorNote error={list.error} />
      {list.items && list.items.length === 0 && <p>{t('nothing')}</p>}
      {list.items && list.items.length > 0 && (
        <DataTable
          rows={list.items}
          rowKey={(s) => s.id}
          columns={[
            { header: t('plan'), ltr: true, cell: (s) => <Link to={`/subscriptions/${s.id}`}>{s.price}</Link> },
            { header: t('status'), cell: (s) => <Status value={s.status} /> },
            { header: t('customer'), optional: true, ltr: true, cell: (s) => s.customer },
            { header: t('period'), cell: (s) => dateTime(s.current_period_end) },
          ]}
        />
      )}
      <MoreButton list={list} />
    </section>
  );
}

/** One subscription: change its plan after a preview, cancel it, pause or resume its collection. */
export function SubscriptionPage({ id }: { id: string }) {
  const subscription = useLoad(() => call(api.GET('/v1/subscriptions/{id}', { params: { path: { id } } })), [id]);
  const prices = useLoad(() => call(api.GET('/v1/prices', { params: { query: { type: 'recurring', limit: 100 } } })), []);
  const preview = useSignal<Schemas['UpcomingCharge'] & { price: string }>();
  const confirm = useConfirm();
  const error = useSignal<unknown>();
  const s = subscription.value?.data;
  if (!s) return <ErrorNote error={subscription.error} />;
  const ask = (message: string, run: (key: string) => Promise<unknown>) =>
    confirm.ask(message, (key) => run(key).then(subscription.reload));

  const showPreview = async (event: Event) => {
    event.preventDefault();
    const price = formFields(event)('price');
    error.value = undefined;
    try {
      const upcoming = await call(
        api.GET('/v1/subscriptions/{id}/upcoming', { params: { path: { id }, query: { price, proration_behavior: 'always_invoice' } } }),
      );
      preview.value = { ...upcoming.data, price };
    } catch (caught) {
      error.value = caught;
    }
  };
  const change = () => {
    const shown = preview.value;
    if (!shown) return;
    const when = shown.charged_now ? t('chargedNow') : t('chargedOn', { date: shown.date ? dateTime(shown.date) : '—' });
    ask(t('confirmChange', { amount: shekels(shown.amount_due), when }), (key) =>
      call(
        api.POST('/v1/subscriptions/{id}', {
          params: { path: { id } },
          body: { price: shown.price, proration_behavior: 'always_invoice' },
          headers: { 'Idempotency-Key': key },
        }),
      ).then(() => (preview.value = undefined)),
    );
  };
  const cancel = (atPeriodEnd: boolean) =>
    ask(t(atPeriodEnd ? 'confirmCancelAtEnd' : 'confirmCancelNow'), (key) =>
      call(
        api.POST('/v1/subscriptions/{id}/cancel', {
          params: { path: { id } },
          body: { cancel_at_period_end: atPeriodEnd },
          headers: { 'Idempotency-Key': key },
        }),
      ),
    );
  const pauseOrResume = () =>
    ask(t(s.pause_collection ? 'confirmResume' : 'confirmPause'), (key) =>
      call(
        api.POST('/v1/subscriptions/{id}', {
          params: { path: { id } },
          body: { pause_collection: s.pause_collection ? null : { behavior: 'void' } },
          headers: { 'Idempotency-Key': key },
        }),
      ),
    );
  const open = s.status !== 'canceled';

  return (
    <section aria-labelledby="subscription-title">
      <p>
        <Link to="/subscriptions">{t('back')}</Link>
      </p>
      <h1 id="subscription-title">
        {t('subscriptions')} <Status value={s.status} />
      </h1>
      <dl class="facts">
        <dt>ID</dt>
        <dd dir="ltr">{s.id}</dd>
        <dt>{t('customer')}</dt>
        <dd dir="ltr">
          <Link to={`/customers/${s.customer}`}>{s.customer}</Link>
        </dd>
        <dt>{t('plan')}</dt>
        <dd dir="ltr">
          {s.price} × {s.quantity}
        </dd>
        <dt>{t('period')}</dt>
        <dd>
          {dateTime(s.current_period_start)} – {dateTime(s.current_period_end)}
        </dd>
        {s.cancel_at_period_end && (
          <>
            <dt>{t('cancelAtEnd')}</dt>
            <dd>✓</dd>
          </>
        )}
      </dl>
      {open && (
        <>
          <h2>{t('changePlan')}</h2>
          <form class="inline-form" onSubmit={showPreview}>
            <label>
              {t('plan')}
              <select name="price" aria-label={t('plan')}>
                {prices.value?.data
                  .filter((p) => p.active && p.id !== s.price)
                  .map((p) => (
                    <option value={p.id}>
                      {shekels(p.unit_amount)} / {p.recurring?.interval} · {p.product}
                    </option>
                  ))}
              </select>
            </label>
            <button type="submit">{t('preview')}</button>
          </form>
          {preview.value && (
            <div class="card">
              <ul class="plain">
                {preview.value.lines.map((line, i) => (
                  <li key={i}>
                    {line.description} <strong>{shekels(line.amount)}</strong>
                  </li>
                ))}
              </ul>
              <p>
                {t('amountDue')}: <strong>{shekels(preview.value.amount_due)}</strong> ·{' '}
                {preview.value.charged_now
                  ? t('chargedNow')
                  : t('chargedOn', { date: preview.value.date ? dateTime(preview.value.date) : '—' })}
              </p>
              <button type="button" class="primary" onClick={change}>
                {t('changePlan')}
              </button>
            </div>
          )}
          <h2>{t('cancelSubscription')}</h2>
          <div class="row-actions">
            {!s.cancel_at_period_end && (
              <button type="button" onClick={() => cancel(true)}>
                {t('cancelAtEnd')}
              </button>
            )}
            <button type="button" onClick={() => cancel(false)}>
              {t('cancelNow')}
            </button>
            {s.status !== 'past_due' && (
              <button type="button" onClick={pauseOrResume}>
                {s.pause_collection ? t('resume') : t('pause')}
              </button>
            )}
          </div>
        </>
      )}
      <ErrorNote error={error.value} />
      {confirm.dialog}
    </section>
  );
}
