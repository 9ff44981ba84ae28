import { useSignal } from '@preact/signals';
import type { Checkout } from '../models/checkout';
import { formatAgorot, splitInstallments } from '../models/money';
import { useNewCard } from './useNewCard';
import { Dialog } from '@kupa/web-kit/dialog';
import { LockMark } from './Marks';

const WALLET_NAMES = { apple_pay: 'Apple Pay', google_pay: 'Google Pay', bit: 'Bit' } as const;

/** Saved cards, wallets and the card form, with the one button that pays. */
export function PaymentPanel({ checkout }: { checkout: Checkout }) {
  const page = checkout.page.value!;
  const t = checkout.t.value;
  const lang = checkout.lang.value;
  const busy = checkout.busy.value;
  const options = page.payment_options;
  const money = (agorot: number) => formatAgorot(agorot, lang);

  const card = useNewCard(t, options.card_collection, options.cardholder_id_required, busy);
  const installments = useSignal(1);
  const walletsOpen = useSignal(options.auto_open_wallets && options.wallets.length > 0 && !page.livemode);
  const installmentCount = page.installments && page.amount_due_now > 0 ? installments.value : null;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    await card.submit(
      (input) => checkout.payWithCard(input, installmentCount),
      (fields) => checkout.payWithHostedFields(fields, installmentCount),
    );
  };

  const due = page.amount_due_now;
  const label =
    page.capture_method === 'manual'
      ? t.authorize(money(due))
      : page.plan?.trial_period_days && due === 0
        ? t.startTrial
        : due === 0
          ? t.confirmFree
          : t.pay(money(due));
  const wallets = page.livemode ? [] : options.wallets;
  // Bit's page takes one payment: not offered while more are chosen.
  const bit = options.bit_page && (installmentCount ?? 1) === 1;
  const bitPage = checkout.bitPage.value;
  const hasQuickOptions = options.saved_cards.length > 0 || wallets.length > 0 || bit;

  return (
    <section class="payment" aria-labelledby="payment-title">
      <h2 id="payment-title" class="payment__title">
        {t.payWith}
      </h2>
      {hasQuickOptions && (
        <div class="quick">
          {wallets.length > 0 && (
            <button type="button" class="button button--wallet" disabled={busy} onClick={() => (walletsOpen.value = true)}>
              {page.livemode ? t.payWithWallet : t.payWithWalletTest}
            </button>
          )}
          {bit && (
            <button type="button" class="button button--wallet button--bit" disabled={busy} onClick={() => void checkout.payWithBit()}>
              {t.payWithBit}
            </button>
          )}
          {options.saved_cards.map((saved) => (
            <button
              key={saved.id}
              type="button"
              class="button button--saved"
              disabled={busy}
              onClick={() => void checkout.payWithSavedCard(saved.id, installmentCount)}
            >
              <span>{t.useSavedCard(saved.card.last4)}</span>
              <span class="button__meta">
                {t.savedCardExpires(String(saved.card.exp_month).padStart(2, '0'), String(saved.card.exp_year).slice(-2))}
              </span>
            </button>
          ))}
          {options.card && (
            <p class="divider">
              <span>{t.or}</span>
            </p>
          )}
        </div>
      )}
      {options.card && (
        <form class="card-form" onSubmit={submit} noValidate aria-busy={busy}>
          {card.fields}
          {page.installments && due > 0 && (
            <div class="field">
              <label for="installments">{t.installments}</label>
              <select
                id="installments"
                value={installments.value}
                disabled={busy}
                onChange={(e) => (installments.value = Number((e.currentTarget as HTMLSelectElement).value))}
              >
                {Array.from({ length: page.installments.max }, (_, i) => i + 1).map((n) => {
                  const split = splitInstallments(due, n);
                  return (
                    <option key={n} value={n}>
                      {t.installmentOption(n, money(split.first), money(split.rest))}
                    </option>
                  );
                })}
              </select>
            </div>
          )}
          <PaymentError checkout={checkout} />
          {/* Pressing the button must not blur the field first: the blur's error message would move the button away from under the pointer. */}
          {/* In the processor's own fields, paying waits until they are drawn. */}
          <button type="submit" class="button button--pay" disabled={busy || !card.ready} onMouseDown={(e) => e.preventDefault()}>
            {busy && <span class="spinner" aria-hidden="true" />}
            {label}
          </button>
        </form>
      )}
      {!options.card && <PaymentError checkout={checkout} />}
      <p class="note note--secure">
        <LockMark />
        <span>{page.capture_method === 'manual' ? t.manualNote : page.plan ? t.recurringNote : t.secured}</span>
      </p>
      <Dialog title={t.bitTitle} open={bitPage !== null} onCancel={() => checkout.closeBit()}>
        <p>{t.bitText}</p>
        {bitPage && <iframe class="bit-frame" src={bitPage.frame} title={t.bitTitle} allow="payment" />}
        <button type="button" class="button button--secondary" onClick={() => checkout.closeBit()}>
          {t.close}
        </button>
      </Dialog>
      <Dialog title={t.walletSheetTitle} open={walletsOpen.value} onCancel={() => (walletsOpen.value = false)}>
        <p>{t.walletSheetText}</p>
        {!page.livemode && <p class="note">{t.walletTestText}</p>}
        <div class="wallets">
          {wallets.map((wallet) => (
            <button
              key={wallet}
              type="button"
              class={`button button--wallet button--${wallet}`}
              disabled={busy}
              onClick={() => {
                walletsOpen.value = false;
                void checkout.payWithWallet(wallet);
              }}
            >
              {t.walletPay(WALLET_NAMES[wallet])}
            </button>
          ))}
        </div>
        <button type="button" class="button button--secondary" onClick={() => (walletsOpen.value = false)}>
          {t.close}
        </button>
      </Dialog>
    </section>
  );
}

function PaymentError({ checkout }: { checkout: Checkout }) {
  const error = checkout.paymentError.value;
  const retry = checkout.pendingRetry.value;
  if (!error) return null;
  return (
    <div class="payment-error" role="alert">
      <p>{error}</p>
      {retry && (
        <button type="button" class="button button--secondary" onClick={() => void retry()}>
          {checkout.t.value.retry}
        </button>
      )}
    </div>
  );
}
