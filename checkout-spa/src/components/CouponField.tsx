import { useSignal } from '@preact/signals';
import type { Checkout } from '../models/checkout';

/** A code field that applies codes one by one; each applied code is a chip that removes it. */
export function CouponField({ checkout }: { checkout: Checkout }) {
  const t = checkout.t.value;
  const page = checkout.page.value!;
  const code = useSignal('');
  const error = useSignal<string | null>(null);
  const working = useSignal(false);
  const codes = [...new Set(page.discount_summary.discounts.flatMap((d) => (d.code ? [d.code.toUpperCase()] : [])))];
  const automatic = page.discount_summary.discounts.filter((d) => d.code === null);

  const apply = async (event: Event) => {
    event.preventDefault();
    const value = code.value.trim();
    if (!value || working.value) return;
    working.value = true;
    const refusal = await checkout.applyCode(value);
    working.value = false;
    error.value = refusal;
    if (!refusal) code.value = '';
  };

  return (
    <div class="coupons">
      <form class="coupon-form" onSubmit={apply} noValidate>
        <label for="discount-code">{t.discountCode}</label>
        <div class="coupon-form__row">
          <input
            id="discount-code"
            name="discount-code"
            autocomplete="off"
            autocapitalize="characters"
            spellcheck={false}
            maxLength={64}
            value={code.value}
            aria-invalid={error.value ? 'true' : undefined}
            aria-describedby={error.value ? 'discount-code-error' : undefined}
            onInput={(e) => (code.value = (e.currentTarget as HTMLInputElement).value)}
          />
          <button type="submit" class="button button--secondary" disabled={working.value || !code.value.trim()}>
            {t.apply}
          </button>
        </div>
        {error.value && (
          <p id="discount-code-error" class="field-error" role="alert">
            {error.value}
          </p>
        )}
      </form>
      {(codes.length > 0 || automatic.length > 0) && (
        <ul class="chips">
          {codes.map((applied) => (
            <li key={applied} class="chip">
              <span>{applied}</span>
              <button
                type="button"
                class="chip__remove"
                aria-label={t.removeCode(applied)}
                onClick={() => void checkout.removeCode(applied)}
              >
                ×
              </button>
            </li>
          ))}
          {automatic.map((d) => (
            <li key={d.id} class="chip chip--automatic" title={t.automaticDiscount}>
              <span>{d.name}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
