import { api, call } from '../api';
import { ErrorNote, MoreButton, usePages } from '../components/ui';
import { dateTime } from '../format';
import { t } from '../i18n';

/** Who did what, from the dashboard or with a key, and what was refused: owners and admins read it. */
export function AuditLog() {
  const log = usePages(
    (startingAfter) =>
      call(api.GET('/v1/audit_log', { params: { query: { limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) } } })),
    [],
  );
  return (
    <section aria-labelledby="audit-title">
      <h1 id="audit-title">{t('auditLog')}</h1>
      <ErrorNote error={log.error} />
      <table class="list">
        <thead>
          <tr>
            <th scope="col">{t('when')}</th>
            <th scope="col">{t('who')}</th>
            <th scope="col">{t('action')}</th>
            <th scope="col" class="optional">
              {t('target')}
            </th>
            <th scope="col">{t('status')}</th>
            <th scope="col" class="optional">
              {t('address')}
            </th>
          </tr>
        </thead>
        <tbody>
          {log.items?.map((entry) => (
            <tr key={entry.id}>
              <td>{dateTime(entry.created)}</td>
              <td dir="ltr">
                {entry.api_key ? t('withKey', { key: entry.api_key }) : entry.user_email}
                {entry.api_key && entry.user_email ? ` (${entry.user_email})` : ''}
              </td>
              <td dir="ltr">
                <code>{entry.action}</code>
                {entry.livemode ? ' (live)' : ''}
              </td>
              <td class="optional" dir="ltr">
                {entry.target ?? ''}
              </td>
              <td dir="ltr">
                {entry.status}
                {entry.error_code ? ` ${entry.error_code}` : ''}
              </td>
              <td class="optional" dir="ltr">
                {entry.address ?? ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <MoreButton list={log} />
    </section>
  );
}
