import { api, call, type Schemas } from '../api';
import { ErrorNote, formFields, Link, MoreButton, useAction, useLoad, usePages } from '../components/ui';
import { parseShekels, shekels } from '../format';
import { t } from '../i18n';
import { navigate } from '../router';

/** The catalog: products, each with its prices; archived ones stay, marked. */
export function Products() {
  const products = usePages(
    (startingAfter) =>
      call(api.GET('/v1/products', { params: { query: { limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) } } })),
    [],
  );
  const create = useAction();
  const add = (event: Event) => {
    event.preventDefault();
    const get = formFields(event);
    void create.run(async () => {
      const product = await call(
        api.POST('/v1/products', { body: { name: get('name'), ...(get('description') ? { description: get('description') } : {}) } }),
      );
      navigate(`/products/${product.data.id}`);
    });
  };
  return (
    <section aria-labelledby="products-title">
      <h1 id="products-title">{t('products')}</h1>
      <form class="inline-form" onSubmit={add} aria-label={t('newProduct')}>
        <label>
          {t('name')}
          <input name="name" required maxLength={200} />
        </label>
        <label class="wide">
          {t('description')}
          <input name="description" maxLength={500} />
        </label>
        <button class="primary" type="submit" disabled={create.busy}>
          {t('newProduct')}
        </button>
      </form>
      <ErrorNote error={create.error ?? products.error} />
      <ul class="plain">
        {products.items?.map((product) => (
          <li key={product.id}>
            <Link to={`/products/${product.id}`}>{product.name}</Link> {!product.active && <span class="status">{t('archived')}</span>}
          </li>
        ))}
      </ul>
      <MoreButton list={products} />
    </section>
  );
}

function priceLabel(price: Schemas['Price']): string {
  const per = price.type === 'one_time' ? t('oneTime') : price.recurring?.interval === 'year' ? t('yearly') : t('monthly');
  return `${shekels(price.unit_amount)} · ${per}`;
}

/** One product: edit, archive or restore it; its prices, a new one, and archiving one. */
export function Product({ id }: { id: string }) {
  const product = useLoad(() => call(api.GET('/v1/products/{id}', { params: { path: { id } } })), [id]);
  const prices = useLoad(() => call(api.GET('/v1/prices', { params: { query: { product: id, limit: 100 } } })), [id]);
  const edit = useAction();
  const price = useAction();
  const p = product.value?.data;
  if (!p) return <ErrorNote error={product.error} />;

  const save = (event: Event) => {
    event.preventDefault();
    const get = formFields(event);
    void edit.run(async () => {
      await call(
        api.POST('/v1/products/{id}', { params: { path: { id } }, body: { name: get('name'), description: get('description') || null } }),
      );
      product.reload();
      return t('saved');
    });
  };
  const setActive = (active: boolean) =>
    edit.run(async () => {
      await call(api.POST('/v1/products/{id}', { params: { path: { id } }, body: { active } }));
      product.reload();
    });
  const addPrice = (event: Event) => {
    event.preventDefault();
    const get = formFields(event);
    const amount = parseShekels(get('amount'));
    const kind = get('kind');
    void price.run(async () => {
      if (amount === null) throw new Error(t('error'));
      await call(
        api.POST('/v1/prices', {
          body: {
            product: id,
            unit_amount: amount,
            currency: 'ils',
            ...(kind === 'one_time'
              ? { type: 'one_time' as const }
              : { type: 'recurring' as const, recurring: { interval: kind as 'month' | 'year' } }),
          },
        }),
      );
      prices.reload();
    });
  };
  const setPriceActive = (priceId: string, active: boolean) =>
    price.run(async () => {
      await call(api.POST('/v1/prices/{id}', { params: { path: { id: priceId } }, body: { active } }));
      prices.reload();
    });

  return (
    <section aria-labelledby="product-title">
      <p>
        <Link to="/products">{t('back')}</Link>
      </p>
      <h1 id="product-title">
        {p.name} {!p.active && <span class="status">{t('archived')}</span>}
      </h1>
      <form class="inline-form" onSubmit={save} key={JSON.stringify(p)}>
        <label>
          {t('name')}
          <input name="name" defaultValue={p.name} required />
        </label>
        <label class="wide">
          {t('description')}
          <input name="description" defaultValue={p.description ?? ''} />
        </label>
        <button type="submit" disabled={edit.busy}>
          {t('save')}
        </button>
        <button type="button" onClick={() => setActive(!p.active)}>
          {p.active ? t('archive') : t('restore')}
        </button>
      </form>
      {edit.note && <p role="status">{edit.note}</p>}
      <ErrorNote error={edit.error} />
      <h2>{t('prices')}</h2>
      <form class="inline-form" onSubmit={addPrice} aria-label={t('newPrice')}>
        <label>
          {t('unitAmount')}
          <input name="amount" inputMode="decimal" required dir="ltr" size={8} />
        </label>
        <label>
          {t('type')}
          <select name="kind" aria-label={t('type')}>
            <option value="month">{t('monthly')}</option>
            <option value="year">{t('yearly')}</option>
            <option value="one_time">{t('oneTime')}</option>
          </select>
        </label>
        <button class="primary" type="submit" disabled={price.busy}>
          {t('newPrice')}
        </button>
      </form>
      <ErrorNote error={price.error ?? prices.error} />
      <ul class="plain">
        {prices.value?.data.map((item) => (
          <li key={item.id}>
            {priceLabel(item)} <code dir="ltr">{item.id}</code> {!item.active && <span class="status">{t('archived')}</span>}{' '}
            <button type="button" class="link" onClick={() => setPriceActive(item.id, !item.active)}>
              {item.active ? t('archive') : t('restore')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
