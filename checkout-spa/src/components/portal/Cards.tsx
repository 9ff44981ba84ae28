import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { type CardErrors, CardFields } from '../CardFields';
import { HOSTED_ERRORS, HostedCardFields } from '../HostedCardFields';
import type { HostedFields } from '../../models/hosted-fields';
import { BrandMark, LockMark } from '../Marks';
import { useCardForm } from '../useCardForm';
import { BRAND_NAMES, CardRefused } from '../../models/card';
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
  const card = useCardForm(t, page.cardholder_id_required);
  const collection = page.card_collection;
  // The processor's own fields, once drawn (a live portal on a processor that takes cards in its iframes).
  const hosted = useSignal<HostedFields | null>(null);
  const hostedErrors = useSignal<CardErrors>({});
  useEffect(() => document.getElementById('card-number')?.focus(), []);
  const submit = async (event: Event) => {
    event.preventDefault();
    if (collection.type === 'hosted_fields') {
      hostedErrors.value = {};
      try {
        if (hosted.value && (await portal.addCardInFields(hosted.value))) onDone();
      } catch (error) {
        if (!(error instanceof CardRefused)) throw error;
        hostedErrors.value = { [error.field]: t.errors[HOSTED_ERRORS[error.field]] };
      }
      return;
    }
    const input = card.read();
    if (!input) return;
    try {
      if (await portal.addCard(input)) onDone();
    } catch (error) {
      card.refused(error);
    }
  };
  return (
    <form class="card-form new-card" onSubmit={submit} noValidate aria-busy={busy} aria-labelledby="new-card-title">
      <h3 id="new-card-title" class="new-card__title">
        {words.newCard}
      </h3>
      {collection.type === 'hosted_fields' ? (
        <HostedCardFields
          t={t}
          scriptUrl={collection.script_url!}
          askHolderId={page.cardholder_id_required}
          errors={hostedErrors.value}
          onReady={(fields) => (hosted.value = fields)}
        />
      ) : (
        <CardFields
          t={t}
          values={card.values}
          errors={card.errors}
          brand={card.brand}
          askHolderId={page.cardholder_id_required}
          disabled={busy}
          onInput={card.onInput}
          onBlur={card.onBlur}
        />
      )}
      <p class="note note--secure">
        <LockMark />
        <span>{words.cardNote}</span>
      </p>
      <div class="actions">
        <button
          type="submit"
          class="button button--pay"
          disabled={busy || (collection.type === 'hosted_fields' && !hosted.value)}
          onMouseDown={(e) => e.preventDefault()}
        >
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
