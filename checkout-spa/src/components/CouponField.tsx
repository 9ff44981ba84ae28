import { useState } from 'preact/hooks';
import type { Checkout } from '../models/checkout';

/** A code field that applies codes one by one; each applied code is a chip that removes it. */
export function CouponField({ checkout }: { checkout: Checkout }) {
  const t = checkout.t.value;
  const page = checkout.page.value!;
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const codes = [...new Set(page.discount_summary.discounts.flatMap((d) => (d.code ? [d.code.toUpperCase()] : [])))];
  const automatic = page.discount_summary.discounts.filter((d) => d.code === null);

  const apply = async (event: Event) => {
    event.preventDefault();
    const value = code.trim();
    if (!value || working) return;
    setWorking(true);
    const refusal = await checkout.applyCode(value);
    setWorking(false);
    setError(refusal);
    if (!refusal) setCode('');
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
            value={code}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={error ? 'discount-code-error' : undefined}
            onInput={(e) => setCode((e.currentTarget as HTMLInputElement).value)}
          />
          <button type="submit" class="button button--secondary" disabled={working || !code.trim()}>
            {t.apply}
          </button>
        </div>
        {error && (
          <p id="discount-code-error" class="field-error" role="alert">
            {error}
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
