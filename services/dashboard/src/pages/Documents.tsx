import { useSignal } from '@preact/signals';
import { api, call } from '../api';
import { DownloadButton, ErrorNote, MoreButton, usePages } from '../components/ui';
import { documentPdf } from '../downloads';
import { dateTime, shekels } from '../format';
import { t } from '../i18n';
import { DataTable } from '@kupa/web-kit/data-table';

/** The first and last day of this month in Israel, `YYYY-MM-DD`. */
function thisMonth(): { from: string; to: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(new Date());
  const [year, month] = today.split('-').map(Number);
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** The period's tax documents, each as a PDF, and the export for the accountant (CSV, or ZIP with every PDF). */
export function Documents() {
  const period = useSignal(thisMonth());
  const documents = usePages(
    (startingAfter) =>
      call(
        api.GET('/v1/documents', {
          params: {
            query: {
              issued_from: period.value.from,
              issued_to: period.value.to,
              limit: 100,
              ...(startingAfter ? { starting_after: startingAfter } : {}),
            },
          },
        }),
      ),
    [period.value.from, period.value.to],
  );
  const choose = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    period.value = { from: String(form.get('from')), to: String(form.get('to')) };
  };
  const exportPath = (format: 'csv' | 'zip') =>
    `/v1/documents/export?issued_from=${period.value.from}&issued_to=${period.value.to}&format=${format}`;
  return (
    <section aria-labelledby="documents-title">
      <h1 id="documents-title">{t('documents')}</h1>
      <form class="filters" onSubmit={choose}>
        <label>
          {t('from')}
          <input name="from" type="date" defaultValue={period.value.from} required />
        </label>
        <label>
          {t('to')}
          <input name="to" type="date" defaultValue={period.value.to} required />
        </label>
        <button type="submit">{t('apply')}</button>
      </form>
      <p>
        {t('export')}: <DownloadButton path={exportPath('csv')} label={t('exportCsv')} /> ·{' '}
        <DownloadButton path={exportPath('zip')} label={t('exportZip')} />
      </p>
      <ErrorNote error={documents.error} />
      {documents.items && documents.items.length === 0 && <p>{t('nothing')}</p>}
      {documents.items && documents.items.length > 0 && (
        <DataTable
          rows={documents.items}
          rowKey={(doc) => doc.id}
          columns={[
            { header: t('number'), ltr: true, cell: (doc) => doc.number },
            { header: t('type'), optional: true, cell: (doc) => doc.type.replace(/_/g, ' ') },
            { header: t('total'), cell: (doc) => shekels(doc.total) },
            { header: t('issued'), cell: (doc) => dateTime(doc.issued_at) },
            { header: '', cell: (doc) => <DownloadButton path={documentPdf(doc.id)} label="PDF" /> },
          ]}
        />
      )}
      <MoreButton list={documents} />
    </section>
  );
}
