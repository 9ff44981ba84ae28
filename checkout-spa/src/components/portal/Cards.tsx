import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { BrandMark, LockMark } from '../Marks';
import { useNewCard } from '../useNewCard';
import { BRAND_NAMES } from '../../models/card';
import { type Portal, type PortalPage as PortalView } from '../../models/portal';

export function Cards({ portal, page }: { portal: Portal; page: PortalView }) {
  const words = portal.words.value;
  const busy = portal.busy.value;
  const adding = useSignal(false);
  return (
    <section class="panel" aria-labelledby="cards-title">
      <h2 id="cards-title" class="panel__title">
        {words.cards}
      </h2>
      <ul class="cards">
        {page.payment_methods.map(({ id, card, default: isDefault, in_use }) => (
          <li key={id} class="saved-card">
            <span class="saved-card__name">
              {card.brand !== 'unknown' && <BrandMark brand={card.brand} />}
              <span dir="ltr">{words.cardLabel(BRAND_NAMES[card.brand] || '', card.last4)}</span>
            </span>
            <span class="muted">{words.expires(String(card.exp_month).padStart(2, '0'), String(card.exp_year).slice(-2))}</span>
            {isDefault && <span class="pill pill--active">{words.defaultCard}</span>}
            <span class="saved-card__actions">
              {!isDefault && (
                <button
                  type="button"
                  class="button button--link"
                  disabled={busy}
                  aria-label={words.makeDefaultLabel(card.last4)}
                  onClick={() => void portal.makeDefault(id)}
                >
                  {words.makeDefault}
                </button>
              )}
              {!in_use && (
                <button
                  type="button"
                  class="button button--link"
                  disabled={busy}
                  aria-label={words.removeLabel(card.last4)}
                  onClick={() => void portal.removeCard(id)}
                >
                  {words.remove}
                </button>
              )}
            </span>
          </li>
        ))}
      </ul>
      {!page.add_card ? (
        <p class="note">{words.addCardUnavailable}</p>
      ) : adding.value ? (
        <NewCard portal={portal} page={page} onDone={() => (adding.value = false)} />
      ) : (
        <button type="button" class="button button--secondary" disabled={busy} onClick={() => (adding.value = true)}>
          {words.updateCard}
        </button>
      )}
    </section>
  );
}

function NewCard({ portal, page, onDone }: { portal: Portal; page: PortalView; onDone: () => void }) {
  const t = portal.t.value;
  const words = portal.words.value;
  const busy = portal.busy.value;
  const card = useNewCard(t, page.card_collection, page.cardholder_id_required, busy);
  useEffect(() => document.getElementById('card-number')?.focus(), []);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (await card.submit(portal.addCard, portal.addCardInFields)) onDone();
  };
  return (
    <form class="card-form new-card" onSubmit={submit} noValidate aria-busy={busy} aria-labelledby="new-card-title">
      <h3 id="new-card-title" class="new-card__title">
        {words.newCard}
      </h3>
      {card.fields}
      <p class="note note--secure">
        <LockMark />
        <span>{words.cardNote}</span>
      </p>
      <div class="actions">
        <button type="submit" class="button button--pay" disabled={busy || !card.ready} onMouseDown={(e) => e.preventDefault()}>
          {busy && <span class="spinner" aria-hidden="true" />}
          {words.saveCard}
        </button>
        <button type="button" class="button button--secondary" onClick={onDone}>
          {words.close}
        </button>
      </div>
    </form>
  );
}
