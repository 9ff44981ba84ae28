import { useSignal } from '@preact/signals';
import type { paths } from '@kupa/sdk';
import { api, call, type Schemas } from '../api';
import { chargeStatus, ErrorNote, Link, MoreButton, Status, usePages } from '../components/ui';
import { dateTime, paidWith, parseShekels, shekels } from '../format';
import { t } from '../i18n';
import { navigate } from '../router';
import { DataTable } from '@kupa/web-kit/data-table';

type Charge = Schemas['Charge'];
type Query = NonNullable<paths['/v1/charges']['get']['parameters']['query']>;
const STATUSES: Charge['status'][] = ['succeeded', 'requires_capture', 'failed', 'canceled'];

/**
 * What the search box holds, as a list filter: a charge id opens it, four digits are the card's last
 * four, an email is the customer's (looked up).
 */
async function searchFilter(text: string): Promise<Query | 'opened' | 'none'> {
  const value = text.trim();
  if (!value) return {};
  if (/^ch_\w+$/.test(value)) {
    navigate(`/payments/${value}`);
    return 'opened';
  }
  if (/^\d{4}$/.test(value)) return { last4: value };
  if (value.includes('@')) {
    const customers = (await call(api.GET('/v1/customers', { params: { query: { email: value, limit: 1 } } }))).data;
    return customers[0] ? { customer: customers[0].id } : 'none';
  }
  if (/^cus_\w+$/.test(value)) return { customer: value };
  return 'none';
}

export function Payments() {
  const query = useSignal<Query | 'none'>({});
  const error = useSignal<unknown>();
  const list = usePages(
    async (startingAfter) => {
      if (query.value === 'none') return { data: [] as Charge[], has_more: false };
      return call(
        api.GET('/v1/charges', {
          params: { query: { ...query.value, limit: 25, ...(startingAfter ? { starting_after: startingAfter } : {}) } },
        }),
      );
    },
    [JSON.stringify(query.value)],
  );
  const rows = list.items ?? [];

  const filter = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const get = (name: string) => String(form.get(name) ?? '').trim();
    error.value = undefined;
    try {
      const found = await searchFilter(get('q'));
      if (found === 'opened') return;
      const min = get('amount_min') ? parseShekels(get('amount_min')) : null;
      const max = get('amount_max') ? parseShekels(get('amount_max')) : null;
      query.value =
        found === 'none'
          ? 'none'
          : {
              ...found,
              ...(get('status') ? { status: get('status') as Charge['status'] } : {}),
              ...(get('created_from') ? { created_from: get('created_from') } : {}),
              ...(get('created_to') ? { created_to: get('created_to') } : {}),
              ...(min !== null ? { amount_min: min } : {}),
              ...(max !== null ? { amount_max: max } : {}),
            };
    } catch (caught) {
      error.value = caught;
    }
  };

  return (
    <section aria-labelledby="payments-title">
      <h1 id="payments-title">{t('payments')}</h1>
      <form class="filters" onSubmit={filter} role="search">
        <label class="wide">
          <span class="visually-hidden">{t('search')}</span>
          <input name="q" type="search" placeholder={t('search')} dir="auto" />
        </label>
        <label>
          {t('status')}
          <select name="status">
            <option value="">{t('any')}</option>
            {STATUSES.map((status) => (
              <option value={status}>{t(`status_${status}`)}</option>
            ))}
          </select>
        </label>
        <label>
          {t('from')}
          <input name="created_from" type="date" />
        </label>
        <label>
          {t('to')}
          <input name="created_to" type="date" />
        </label>
        <label>
          {t('minAmount')}
          <input name="amount_min" inputMode="decimal" size={8} />
        </label>
        <label>
          {t('maxAmount')}
          <input name="amount_max" inputMode="decimal" size={8} />
        </label>
        <button type="submit">{t('apply')}</button>
      </form>
      <ErrorNote error={error.value ?? list.error} />
      {list.items && rows.length === 0 && <p>{t('nothing')}</p>}
      {rows.length > 0 && (
        <DataTable
          rows={rows}
          rowKey={(charge) => charge.id}
          columns={[
            { header: t('amount'), cell: (charge) => <Link to={`/payments/${charge.id}`}>{shekels(charge.amount)}</Link> },
            { header: t('status'), cell: (charge) => <Status value={chargeStatus(charge)} /> },
            {
              header: t('card'),
              ltr: true,
              cell: (charge) => paidWith(charge.payment_method_details),
            },
            { header: t('customer'), optional: true, ltr: true, cell: (charge) => charge.customer ?? '—' },
            { header: t('created'), cell: (charge) => dateTime(charge.created) },
          ]}
        />
      )}
      <MoreButton list={list} />
    </section>
  );
}
