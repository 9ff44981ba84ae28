import { useSignal } from '@preact/signals';
import { api, call, idempotencyKey, type Schemas } from '../api';
import { ErrorNote, Link, ShownOnce, useConfirm, useLoad } from '../components/ui';
import { dateTime } from '../format';
import { t } from '../i18n';
import type { Permissions } from '../permissions';
import { DataTable } from '@kupa/web-kit/data-table';

type Endpoint = Schemas['WebhookEndpoint'];

/** The account's webhook endpoints of the mode: add one, rotate its secret, delete it. */
export function Webhooks({ can }: { can: Permissions }) {
  const endpoints = useLoad(() => call(api.GET('/v1/webhooks')), []);
  const error = useSignal<unknown>();
  const secret = useSignal<string>();
  const { ask, dialog } = useConfirm();

  const add = async (event: Event) => {
    event.preventDefault();
    const formElement = event.currentTarget as HTMLFormElement;
    const form = new FormData(formElement);
    const events = String(form.get('events') || '*')
      .split(',')
      .map((type) => type.trim())
      .filter(Boolean);
    error.value = undefined;
    try {
      const created = await call(api.POST('/v1/webhooks', { body: { url: String(form.get('url')), events } }));
      secret.value = created.data.secret;
      formElement.reset();
      endpoints.reload();
    } catch (caught) {
      error.value = caught;
    }
  };
  const rotate = (endpoint: Endpoint) =>
    ask(t('confirmRotate'), async () => {
      const rotated = await call(api.POST('/v1/webhooks/{id}/rotate_secret', { params: { path: { id: endpoint.id } }, body: {} }));
      secret.value = rotated.data.secret;
      endpoints.reload();
    });
  const remove = (endpoint: Endpoint) =>
    ask(t('confirmDeleteEndpoint', { url: endpoint.url }), async () => {
      await call(api.DELETE('/v1/webhooks/{id}', { params: { path: { id: endpoint.id } } }));
      endpoints.reload();
    });

  return (
    <section aria-labelledby="webhooks-title">
      <h1 id="webhooks-title">{t('webhooks')}</h1>
      {can.manageKeys && (
        <form class="inline-form" onSubmit={add}>
          <label class="wide">
            {t('endpoint')}
            <input name="url" type="url" required placeholder="https://shop.example.co.il/kupa/webhooks" dir="ltr" />
          </label>
          <label>
            {t('eventTypes')}
            <input name="events" placeholder="*" dir="ltr" />
          </label>
          <button class="primary" type="submit">
            {t('addEndpoint')}
          </button>
        </form>
      )}
      <ShownOnce label={t('newSecret')} secret={secret.value} />
      <ErrorNote error={error.value ?? endpoints.error} />
      <DataTable
        rows={endpoints.value?.data ?? []}
        rowKey={(endpoint) => endpoint.id}
        columns={[
          { header: t('endpoint'), ltr: true, cell: (endpoint) => <Link to={`/webhooks/${endpoint.id}`}>{endpoint.url}</Link> },
          { header: t('events'), optional: true, ltr: true, cell: (endpoint) => endpoint.events.join(', ') },
          { header: t('status'), cell: (endpoint) => (endpoint.active ? '' : t('inactive')) },
          {
            header: '',
            cellClass: 'row-actions',
            cell: (endpoint) =>
              can.manageKeys && (
                <>
                  <button type="button" onClick={() => rotate(endpoint)}>
                    {t('rotateSecret')}
                  </button>
                  <button type="button" onClick={() => remove(endpoint)}>
                    {t('deleteEndpoint')}
                  </button>
                </>
              ),
          },
        ]}
      />
      {dialog}
    </section>
  );
}

/** Every delivery attempt to one endpoint, newest first, each with the event it sent and the answer it got; send one again. */
export function WebhookDeliveries({ id }: { id: number }) {
  const deliveries = useLoad(
    () => call(api.GET('/v1/webhooks/{id}/deliveries', { params: { path: { id }, query: { limit: 100 } } })),
    [id],
  );
  const open = useSignal<string>();
  const note = useSignal<string>();
  const error = useSignal<unknown>();
  const redeliver = async (eventId: string) => {
    error.value = undefined;
    try {
      await call(
        api.POST('/v1/events/{id}/redeliver', {
          params: { path: { id: eventId } },
          body: { endpoint: id },
          headers: { 'Idempotency-Key': idempotencyKey() },
        }),
      );
      note.value = t('redelivered');
      setTimeout(deliveries.reload, 1_500);
    } catch (caught) {
      error.value = caught;
    }
  };
  return (
    <section aria-labelledby="deliveries-title">
      <p>
        <Link to="/webhooks">{t('back')}</Link>
      </p>
      <h1 id="deliveries-title">{t('deliveries')}</h1>
      {note.value && <p role="status">{note.value}</p>}
      <ErrorNote error={error.value ?? deliveries.error} />
      {deliveries.value && deliveries.value.data.length === 0 && <p>{t('nothing')}</p>}
      <ul class="plain deliveries">
        {deliveries.value?.data.map((delivery) => (
          <li key={delivery.id}>
            <details
              open={open.value === delivery.id}
              onToggle={(e) => (e.currentTarget as HTMLDetailsElement).open && (open.value = delivery.id)}
            >
              <summary>
                <code dir="ltr">{delivery.event_type}</code> · {t('attempt')} {delivery.attempt} ·{' '}
                <span class={`status status-${delivery.outcome === 'succeeded' ? 'succeeded' : 'failed'}`}>
                  {t(`outcome_${delivery.outcome}`)}
                </span>{' '}
                · <span dir="ltr">{delivery.response_status ?? delivery.error}</span> · {dateTime(delivery.created)}
              </summary>
              <DeliveryDetail delivery={delivery} shown={open.value === delivery.id} />
              <button type="button" onClick={() => redeliver(delivery.event)}>
                {t('redeliver')}
              </button>
            </details>
          </li>
        ))}
      </ul>
    </section>
  );
}

function DeliveryDetail({ delivery, shown }: { delivery: Schemas['WebhookDelivery']; shown: boolean }) {
  const event = useLoad(
    () => (shown ? call(api.GET('/v1/events/{id}', { params: { path: { id: delivery.event } } })) : Promise.resolve(undefined)),
    [shown, delivery.event],
  );
  return (
    <div class="detail">
      <h2>{t('request')}</h2>
      <pre dir="ltr" tabIndex={0}>
        {event.value ? JSON.stringify(event.value.data, null, 2) : ''}
      </pre>
      <h2>{t('response')}</h2>
      <p dir="ltr">
        {delivery.response_status ?? '—'} {delivery.error ?? ''} · {delivery.duration_ms} ms
      </p>
      {delivery.response_body && (
        <pre dir="ltr" tabIndex={0}>
          {delivery.response_body}
        </pre>
      )}
    </div>
  );
}
