import { useState } from 'preact/hooks';
import { checkExpiry, checkNumber, cvcValid, formatExpiry, formatNumber, israeliIdValid } from '../models/card';
import { CardRefused, type Checkout } from '../models/checkout';
import { formatAgorot, splitInstallments } from '../models/money';
import { type CardErrors, CardFields, type CardValues } from './CardFields';
import { Dialog } from './Dialog';
import { LockMark } from './Marks';

const WALLET_NAMES = { apple_pay: 'Apple Pay', google_pay: 'Google Pay', bit: 'Bit' } as const;

const TOKEN_ERRORS: Record<string, 'numberInvalid' | 'expired' | 'cvcInvalid' | 'holderIdInvalid' | 'expiryInvalid'> = {
  card_number_invalid: 'numberInvalid',
  card_expired: 'expired',
  cvc_invalid: 'cvcInvalid',
  holder_id_invalid: 'holderIdInvalid',
  parameter_missing: 'holderIdInvalid',
};

/** Saved cards, wallets and the card form, with the one button that pays. */
export function PaymentPanel({ checkout }: { checkout: Checkout }) {
  const page = checkout.page.value!;
  const t = checkout.t.value;
  const lang = checkout.lang.value;
  const busy = checkout.busy.value;
  const options = page.payment_options;
  const money = (agorot: number) => formatAgorot(agorot, lang);

  const [values, setValues] = useState<CardValues>({ number: '', expiry: '', cvc: '', holder_id: '' });
  const [errors, setErrors] = useState<CardErrors>({});
  const [installments, setInstallments] = useState(1);
  const [walletsOpen, setWalletsOpen] = useState(options.auto_open_wallets && options.wallets.length > 0 && !page.livemode);
  const checked = checkNumber(values.number);

  const validate = (field: keyof CardValues, from: CardValues): string | undefined => {
    if (field === 'number') {
      if (!from.number) return t.errors.numberRequired;
      return checkNumber(from.number).valid ? undefined : t.errors.numberInvalid;
    }
    if (field === 'expiry') {
      const expiry = checkExpiry(from.expiry, new Date());
      return expiry.ok
        ? undefined
        : t.errors[expiry.reason === 'required' ? 'expiryRequired' : expiry.reason === 'expired' ? 'expired' : 'expiryInvalid'];
    }
    if (field === 'cvc') return cvcValid(from.cvc, checkNumber(from.number).brand) ? undefined : t.errors.cvcInvalid;
    return israeliIdValid(from.holder_id) ? undefined : t.errors.holderIdInvalid;
  };

  const onInput = (field: keyof CardValues, raw: string) => {
    const value = field === 'number' ? formatNumber(raw) : field === 'expiry' ? formatExpiry(raw, values.expiry) : raw.replace(/\D/g, '');
    const next = { ...values, [field]: value };
    setValues(next);
    // An error goes away as soon as the field is right.
    if (!validate(field, next)) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const onBlur = (field: keyof CardValues) => {
    if (values[field]) setErrors((current) => ({ ...current, [field]: validate(field, values) }));
  };

  const installmentCount = page.installments && page.amount_due_now > 0 ? installments : null;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    const fields: (keyof CardValues)[] = options.cardholder_id_required
      ? ['number', 'expiry', 'cvc', 'holder_id']
      : ['number', 'expiry', 'cvc'];
    const found: CardErrors = {};
    for (const field of fields) found[field] = validate(field, values);
    setErrors(found);
    const first = fields.find((field) => found[field]);
    if (first) {
      document.getElementById(first === 'number' ? 'card-number' : first === 'holder_id' ? 'card-holder-id' : `card-${first}`)?.focus();
      return;
    }
    const expiry = checkExpiry(values.expiry, new Date());
    if (!expiry.ok) return;
    try {
      await checkout.payWithCard(
        {
          number: checked.digits,
          exp_month: expiry.month,
          exp_year: expiry.year,
          cvc: values.cvc,
          ...(options.cardholder_id_required ? { holder_id: values.holder_id } : {}),
        },
        installmentCount,
      );
    } catch (error) {
      if (!(error instanceof CardRefused)) throw error;
      setErrors({ [error.field]: t.errors[TOKEN_ERRORS[error.code] ?? 'numberInvalid'] });
    }
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
  const hasQuickOptions = options.saved_cards.length > 0 || wallets.length > 0;

  return (
    <section class="payment" aria-labelledby="payment-title">
      <h2 id="payment-title" class="payment__title">
        {t.payWith}
      </h2>
      {hasQuickOptions && (
        <div class="quick">
          {wallets.length > 0 && (
            <button type="button" class="button button--wallet" disabled={busy} onClick={() => setWalletsOpen(true)}>
              {page.livemode ? t.payWithWallet : t.payWithWalletTest}
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
          <CardFields
            t={t}
            values={values}
            errors={errors}
            brand={checked.brand}
            askHolderId={options.cardholder_id_required}
            disabled={busy}
            onInput={onInput}
            onBlur={onBlur}
          />
          {page.installments && due > 0 && (
            <div class="field">
              <label for="installments">{t.installments}</label>
              <select
                id="installments"
                value={installments}
                disabled={busy}
                onChange={(e) => setInstallments(Number((e.currentTarget as HTMLSelectElement).value))}
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
          <button type="submit" class="button button--pay" disabled={busy} onMouseDown={(e) => e.preventDefault()}>
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
      <Dialog title={t.walletSheetTitle} open={walletsOpen} onCancel={() => setWalletsOpen(false)}>
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
                setWalletsOpen(false);
                void checkout.payWithWallet(wallet);
              }}
            >
              {t.walletPay(WALLET_NAMES[wallet])}
            </button>
          ))}
        </div>
        <button type="button" class="button button--secondary" onClick={() => setWalletsOpen(false)}>
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
