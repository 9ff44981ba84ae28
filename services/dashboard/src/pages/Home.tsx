import { api, call, type Schemas } from '../api';
import { ErrorNote, useLoad } from '../components/ui';
import { shekels } from '../format';
import { type MessageKey, t } from '../i18n';

type Totals = Schemas['SummaryTotals'];

/** Today and this month at a glance, from the same documents the accountant's export holds. */
export function Home() {
  const summary = useLoad(() => call(api.GET('/v1/summary')), []);
  const data = summary.value?.data;
  return (
    <section aria-labelledby="home-title">
      <h1 id="home-title">{t('home')}</h1>
      <ErrorNote error={summary.error} />
      {data && (
        <>
          <div class="figures">
            <Figures title={t('today')} totals={data.today} />
            <Figures title={t('thisMonth')} totals={data.month} />
          </div>
          <h2>{t('dailySales')}</h2>
          <Chart days={data.days} />
        </>
      )}
    </section>
  );
}

function Figures({ title, totals }: { title: string; totals: Totals }) {
  const rows: [MessageKey, string][] = [
    ['sales', shekels(totals.sales)],
    ['refunds', shekels(totals.refunds)],
    ['net', shekels(totals.net)],
    ['failedPayments', String(totals.failed_payments)],
    ['subscriptionsStarted', String(totals.subscriptions_started)],
    ['subscriptionsCanceled', String(totals.subscriptions_canceled)],
  ];
  return (
    <article class="card figure-card" aria-label={title}>
      <h2>{title}</h2>
      <dl class="facts plain-facts">
        {rows.map(([label, value]) => (
          <>
            <dt>{t(label)}</dt>
            <dd data-figure={label}>{value}</dd>
          </>
        ))}
      </dl>
    </article>
  );
}

/** A bar per day of the month; the numbers are in a table for screen readers. */
function Chart({ days }: { days: Schemas['Summary']['days'] }) {
  const most = Math.max(1, ...days.map((d) => d.sales));
  const width = 24;
  const height = 120;
  return (
    <figure class="chart">
      <svg viewBox={`0 0 ${days.length * width} ${height + 16}`} role="img" aria-label={t('dailySales')}>
        {days.map((d, i) => {
          const bar = Math.round((d.sales / most) * height);
          return (
            <g key={d.day}>
              <rect x={i * width + 3} y={height - bar} width={width - 6} height={bar} class="bar" />
              <text x={i * width + width / 2} y={height + 12} text-anchor="middle" class="tick">
                {Number(d.day.slice(8))}
              </text>
            </g>
          );
        })}
      </svg>
      <div class="visually-hidden">
        <table>
          <caption>{t('dailySales')}</caption>
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <th scope="row">{d.day}</th>
                <td>{shekels(d.sales)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
