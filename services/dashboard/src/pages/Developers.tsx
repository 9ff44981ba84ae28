import { useSignal } from '@preact/signals';
import { api, call, type Schemas } from '../api';
import { ErrorNote, MoreButton, ShownOnce, useConfirm, useLoad, usePages } from '../components/ui';
import { dateTime } from '../format';
import { t } from '../i18n';
import { type Permissions, roleName } from '../permissions';
import { DataTable } from '@kupa/web-kit/data-table';

type ApiKey = Schemas['ApiKey'];
type KeyRole = NonNullable<ApiKey['role']>;
/** What a key may be made to act as: never an owner. */
const KEY_ROLES: KeyRole[] = ['admin', 'developer', 'support', 'viewer'];

/** API keys of the mode (each secret shown once), and the event log. */
export function Developers({ can }: { can: Permissions }) {
  const keys = useLoad(() => call(api.GET('/v1/api_keys', { params: { query: { limit: 100 } } })), []);
  const events = usePages(
    (startingAfter) =>
      call(api.GET('/v1/events', { params: { query: { limit: 50, ...(startingAfter ? { starting_after: startingAfter } : {}) } } })),
    [],
  );
  const requests = useLoad(
    () => (can.readRequests ? call(api.GET('/v1/request_log', { params: { query: { limit: 100 } } })) : Promise.resolve(undefined)),
    [],
  );
  const secret = useSignal<string>();
  const error = useSignal<unknown>();
  const { ask, dialog } = useConfirm();

  const create = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const scope = String(form.get('scope')) as ApiKey['scope'];
    const role = String(form.get('role'));
    error.value = undefined;
    try {
      const body = role ? { scope, role: role as KeyRole } : { scope };
      secret.value = (await call(api.POST('/v1/api_keys', { body }))).data.secret;
      keys.reload();
    } catch (caught) {
      error.value = caught;
    }
  };
  const roll = (key: ApiKey) =>
    ask(t('confirmRoll', { last4: key.last4 }), async () => {
      secret.value = (await call(api.POST('/v1/api_keys/{id}/roll', { params: { path: { id: key.id } } }))).data.secret;
      keys.reload();
    });
  const revoke = (key: ApiKey) =>
    ask(t('confirmRevoke', { last4: key.last4 }), async () => {
      await call(api.POST('/v1/api_keys/{id}/revoke', { params: { path: { id: key.id } } }));
      keys.reload();
    });

  return (
    <section aria-labelledby="developers-title">
      <h1 id="developers-title">{t('developers')}</h1>
      <h2>{t('apiKeys')}</h2>
      {can.manageKeys && (
        <form class="inline-form" onSubmit={create}>
          <label>
            {t('scope')}
            <select name="scope" aria-label={t('scope')}>
              <option value="full">{t('scopeFull')}</option>
              <option value="checkout">{t('scopeCheckout')}</option>
            </select>
          </label>
          <label>
            {t('role')}
            <select name="role" aria-label={t('keyRole')}>
              <option value="">{t('myRole')}</option>
              {KEY_ROLES.map((role) => (
                <option value={role}>{roleName(role)}</option>
              ))}
            </select>
          </label>
          <button class="primary" type="submit">
            {t('createKey')}
          </button>
        </form>
      )}
      <ShownOnce label={t('keyShownOnce')} secret={secret.value} />
      <ErrorNote error={error.value ?? keys.error} />
      <DataTable
        rows={keys.value?.data ?? []}
        rowKey={(key) => key.id}
        columns={[
          {
            header: t('apiKeys'),
            ltr: true,
            cell: (key) => `${key.scope === 'full' ? 'sk' : 'ck'}_${key.livemode ? 'live' : 'test'}_…${key.last4}`,
          },
          { header: t('scope'), cell: (key) => (key.scope === 'full' ? t('scopeFull') : t('scopeCheckout')) },
          { header: t('role'), cell: (key) => (key.role ? roleName(key.role) : t('accountKey')) },
          { header: t('madeBy'), optional: true, ltr: true, cell: (key) => key.made_by?.email ?? '' },
          { header: t('created'), optional: true, cell: (key) => dateTime(key.created) },
          { header: t('status'), cell: (key) => (key.revoked_at ? `${t('revokedAt')} ${dateTime(key.revoked_at)}` : t('active')) },
          can.manageKeys && {
            header: '',
            cellClass: 'row-actions',
            cell: (key) =>
              !key.revoked_at && (
                <>
                  <button type="button" onClick={() => roll(key)} aria-label={`${t('roll')} …${key.last4}`}>
                    {t('roll')}
                  </button>
                  <button type="button" onClick={() => revoke(key)} aria-label={`${t('revoke')} …${key.last4}`}>
                    {t('revoke')}
                  </button>
                </>
              ),
          },
        ]}
      />

      <h2>{t('eventLog')}</h2>
      <ul class="plain">
        {events.items?.map((event) => (
          <li key={event.id}>
            <details>
              <summary>
                <code dir="ltr">{event.type}</code> · {dateTime(event.created)}
              </summary>
              <pre dir="ltr" tabIndex={0}>
                {JSON.stringify(event, null, 2)}
              </pre>
            </details>
          </li>
        ))}
      </ul>
      <MoreButton list={events} />
      {requests.value && (
        <>
          <h2>{t('requestLog')}</h2>
          <DataTable
            rows={requests.value.data}
            rowKey={(request) => request.id}
            columns={[
              { header: t('when'), cell: (request) => dateTime(request.created) },
              { header: t('method'), ltr: true, cell: (request) => request.method },
              { header: t('path'), ltr: true, cell: (request) => <code>{request.path}</code> },
              { header: t('status'), cell: (request) => request.status },
              { header: t('requestId'), optional: true, ltr: true, cell: (request) => <code>{request.id}</code> },
            ]}
          />
        </>
      )}
      {dialog}
    </section>
  );
}
