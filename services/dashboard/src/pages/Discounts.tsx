import { api, call } from '../api';
import { ErrorNote, formFields, MoreButton, useAction, usePages } from '../components/ui';
import { parseShekels, shekels } from '../format';
import { t } from '../i18n';
import { DataTable } from '@kupa/web-kit/data-table';

/** Discount rules: a code with a percentage or an amount off; deactivate one. */
export function Discounts() {
  const discounts = usePages(
    (startingAfter) =>
      call(api.GET('/v1/discounts', { params: { query: { limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) } } })),
    [],
  );
  const action = useAction();
  const add = (event: Event) => {
    event.preventDefault();
    const get = formFields(event);
    const percent = get('percent_off');
    const amount = get('amount_off') ? parseShekels(get('amount_off')) : null;
    void action.run(async () => {
      await call(
        api.POST('/v1/discounts', {
          body: {
            name: get('name'),
            code: get('code'),
            ...(percent ? { percent_off: Number(percent) } : { amount_off: amount ?? 0, currency: 'ils' as const }),
          },
        }),
      );
      discounts.reload();
    });
  };
  const deactivate = (id: string) =>
    action.run(async () => {
      await call(api.POST('/v1/discounts/{id}/deactivate', { params: { path: { id } } }));
      discounts.reload();
    });
  return (
    <section aria-labelledby="discounts-title">
      <h1 id="discounts-title">{t('discounts')}</h1>
      <form class="inline-form" onSubmit={add} aria-label={t('newDiscount')}>
        <label>
          {t('name')}
          <input name="name" required maxLength={200} />
        </label>
        <label>
          {t('code')}
          <input name="code" required maxLength={64} dir="ltr" />
        </label>
        <label>
          {t('percentOff')}
          <input name="percent_off" type="number" min={1} max={100} dir="ltr" />
        </label>
        <label>
          {t('amountOff')}
          <input name="amount_off" inputMode="decimal" dir="ltr" size={8} />
        </label>
        <button class="primary" type="submit" disabled={action.busy}>
          {t('newDiscount')}
        </button>
      </form>
      <ErrorNote error={action.error ?? discounts.error} />
      <DataTable
        rows={discounts.items ?? []}
        rowKey={(discount) => discount.id}
        columns={[
          { header: t('name'), cell: (discount) => discount.name },
          { header: t('code'), ltr: true, cell: (discount) => discount.code ?? '' },
          {
            header: t('amount'),
            cell: (discount) => (discount.percent_off !== null ? `${discount.percent_off}%` : shekels(discount.amount_off ?? 0)),
          },
          { header: t('redeemed'), optional: true, cell: (discount) => discount.times_redeemed },
          {
            header: '',
            cell: (discount) =>
              discount.active ? (
                <button
                  type="button"
                  onClick={() => deactivate(discount.id)}
                  aria-label={`${t('deactivate')} ${discount.code ?? discount.name}`}
                >
                  {t('deactivate')}
                </button>
              ) : (
                t('inactive')
              ),
          },
        ]}
      />
      <MoreButton list={discounts} />
    </section>
  );
}
