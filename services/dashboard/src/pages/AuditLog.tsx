import { api, call } from '../api';
import { ErrorNote, MoreButton, usePages } from '../components/ui';
import { dateTime } from '../format';
import { t } from '../i18n';
import { DataTable } from '@kupa/web-kit/data-table';

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
      <DataTable
        rows={log.items ?? []}
        rowKey={(entry) => entry.id}
        columns={[
          { header: t('when'), cell: (entry) => dateTime(entry.created) },
          {
            header: t('who'),
            ltr: true,
            cell: (entry) => (
              <>
                {entry.api_key ? t('withKey', { key: entry.api_key }) : entry.user_email}
                {entry.api_key && entry.user_email ? ` (${entry.user_email})` : ''}
              </>
            ),
          },
          {
            header: t('action'),
            ltr: true,
            cell: (entry) => (
              <>
                <code>{entry.action}</code>
                {entry.livemode ? ' (live)' : ''}
              </>
            ),
          },
          { header: t('target'), optional: true, ltr: true, cell: (entry) => entry.target ?? '' },
          { header: t('status'), ltr: true, cell: (entry) => `${entry.status}${entry.error_code ? ` ${entry.error_code}` : ''}` },
          { header: t('address'), optional: true, ltr: true, cell: (entry) => entry.address ?? '' },
        ]}
      />
      <MoreButton list={log} />
    </section>
  );
}
