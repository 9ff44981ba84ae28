import { useSignal } from '@preact/signals';
import { api, call } from '../api';
import { chargeStatus, ErrorNote, formFields, Link, MoreButton, Status, useAction, useLoad, usePages } from '../components/ui';
import { dateTime, parseShekels, shekels } from '../format';
import { t } from '../i18n';
import { navigate } from '../router';
import { DataTable } from '@kupa/web-kit/data-table';

/** Customers, newest first; found by email or id; a new one. */
export function Customers() {
  const email = useSignal<string>();
  const customers = usePages(
    (startingAfter) =>
      call(
        api.GET('/v1/customers', {
          params: {
            query: {
              limit: 50,
              ...(email.value ? { email: email.value } : {}),
              ...(startingAfter ? { starting_after: startingAfter } : {}),
            },
          },
        }),
      ),
    [email.value],
  );
  const create = useAction();
  const search = (event: Event) => {
    event.preventDefault();
    const value = formFields(event)('q');
    if (/^cus_\w+$/.test(value)) navigate(`/customers/${value}`);
    else email.value = value || undefined;
  };
  const add = (event: Event) => {
    event.preventDefault();
    const get = formFields(event);
    void create.run(async () => {
      const created = await call(
        api.POST('/v1/customers', {
          body: { name: get('name'), ...(get('email') ? { email: get('email') } : {}), ...(get('phone') ? { phone: get('phone') } : {}) },
        }),
      );
      navigate(`/customers/${created.data.id}`);
    });
  };
  return (
    <section aria-labelledby="customers-title">
      <h1 id="customers-title">{t('customers')}</h1>
      <form class="filters" onSubmit={search} role="search">
        <label class="wide">
          <span class="visually-hidden">{t('searchCustomers')}</span>
          <input name="q" type="search" placeholder={t('searchCustomers')} dir="auto" />
        </label>
        <button type="submit">{t('apply')}</button>
      </form>
      <details>
        <summary>{t('newCustomer')}</summary>
        <form class="inline-form" onSubmit={add}>
          <label>
            {t('name')}
            <input name="name" required maxLength={200} />
          </label>
          <label>
            {t('email')}
            <input name="email" type="email" dir="ltr" />
          </label>
          <label>
            {t('phone')}
            <input name="phone" type="tel" dir="ltr" />
          </label>
          <button class="primary" type="submit" disabled={create.busy}>
            {t('create')}
          </button>
        </form>
        <ErrorNote error={create.error} />
      </details>
      <ErrorNote error={customers.error} />
      {customers.items && customers.items.length === 0 && <p>{t('nothing')}</p>}
      {customers.items && customers.items.length > 0 && (
        <DataTable
          rows={customers.items}
          rowKey={(customer) => customer.id}
          columns={[
            { header: t('name'), cell: (customer) => <Link to={`/customers/${customer.id}`}>{customer.name}</Link> },
            { header: t('email'), ltr: true, cell: (customer) => customer.email ?? '' },
            { header: t('created'), optional: true, cell: (customer) => dateTime(customer.created) },
          ]}
        />
      )}
      <MoreButton list={customers} />
    </section>
  );
}

/** One customer: details (editable), cards, subscriptions and payments, and a payment link to send them. */
export function Customer({ id }: { id: string }) {
  const customer = useLoad(() => call(api.GET('/v1/customers/{id}', { params: { path: { id } } })), [id]);
  const cards = useLoad(() => call(api.GET('/v1/customers/{id}/payment_methods', { params: { path: { id } } })), [id]);
  const subscriptions = useLoad(() => call(api.GET('/v1/subscriptions', { params: { query: { customer: id, limit: 50 } } })), [id]);
  const charges = useLoad(() => call(api.GET('/v1/charges', { params: { query: { customer: id, limit: 50 } } })), [id]);
  const edit = useAction();
  const link = useAction();
  const c = customer.value?.data;
  if (!c) return <ErrorNote error={customer.error} />;

  const save = (event: Event) => {
    event.preventDefault();
    const get = formFields(event);
    void edit.run(async () => {
      await call(
        api.POST('/v1/customers/{id}', {
          params: { path: { id } },
          body: { name: get('name'), email: get('email') || null, phone: get('phone') || null, tax_id: get('tax_id') || null },
        }),
      );
      customer.reload();
      return t('saved');
    });
  };
  const createLink = (event: Event) => {
    event.preventDefault();
    const get = formFields(event);
    const amount = parseShekels(get('amount'));
    void link.run(async () => {
      if (amount === null || amount <= 0) throw new Error(t('error'));
      const session = await call(
        api.POST('/v1/checkout_sessions', {
          body: {
            customer: id,
            line_items: [{ name: get('description'), amount_agorot: amount }],
            success_url: get('return_url'),
            cancel_url: get('return_url'),
          },
        }),
      );
      return session.data.url;
    });
  };

  return (
    <section aria-labelledby="customer-title">
      <p>
        <Link to="/customers">{t('back')}</Link>
      </p>
      <h1 id="customer-title">{c.name}</h1>
      <form class="inline-form" onSubmit={save} key={JSON.stringify(c)}>
        <label>
          {t('name')}
          <input name="name" defaultValue={c.name} required />
        </label>
        <label>
          {t('email')}
          <input name="email" type="email" defaultValue={c.email ?? ''} dir="ltr" />
        </label>
        <label>
          {t('phone')}
          <input name="phone" type="tel" defaultValue={c.phone ?? ''} dir="ltr" />
        </label>
        <label>
          {t('taxId')}
          <input name="tax_id" defaultValue={c.tax_id ?? ''} dir="ltr" />
        </label>
        <button type="submit" disabled={edit.busy}>
          {t('save')}
        </button>
      </form>
      {edit.note && <p role="status">{edit.note}</p>}
      <ErrorNote error={edit.error} />

      <h2>{t('checkoutLink')}</h2>
      <form class="inline-form" onSubmit={createLink}>
        <label>
          {t('description')}
          <input name="description" required maxLength={200} />
        </label>
        <label>
          {t('amount')} (₪)
          <input name="amount" inputMode="decimal" required dir="ltr" size={8} />
        </label>
        <label class="wide">
          {t('returnUrl')}
          <input name="return_url" type="url" required placeholder="https://" dir="ltr" />
        </label>
        <button class="primary" type="submit" disabled={link.busy}>
          {t('create')}
        </button>
      </form>
      {link.note && (
        <p role="status">
          {t('linkReady')} <code dir="ltr">{link.note}</code>
        </p>
      )}
      <ErrorNote error={link.error} />

      <h2>{t('cards')}</h2>
      <ul class="plain">
        {cards.value?.data.map((card) => (
          <li key={card.id} dir="ltr">
            {card.card.brand} •••• {card.card.last4} · {String(card.card.exp_month).padStart(2, '0')}/{card.card.exp_year}
          </li>
        ))}
      </ul>
      <h2>{t('subscriptions')}</h2>
      <ul class="plain">
        {subscriptions.value?.data.map((s) => (
          <li key={s.id}>
            <Link to={`/subscriptions/${s.id}`}>{s.price}</Link> <Status value={s.status} />
          </li>
        ))}
      </ul>
      <h2>{t('payments')}</h2>
      <ul class="plain">
        {charges.value?.data.map((charge) => (
          <li key={charge.id}>
            <Link to={`/payments/${charge.id}`}>{shekels(charge.amount)}</Link> <Status value={chargeStatus(charge)} />{' '}
            {dateTime(charge.created)}
          </li>
        ))}
      </ul>
    </section>
  );
}
