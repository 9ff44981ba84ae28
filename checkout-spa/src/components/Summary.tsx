import { useSignal } from '@preact/signals';
import type { ComponentChildren } from 'preact';
import type { Checkout } from '../models/checkout';
import { formatAgorot } from '../models/money';
import { CouponField } from './CouponField';

/** What the shopper is paying for: the lines, the plan, the discounts and what is due now. */
export function Summary({ checkout }: { checkout: Checkout }) {
  const page = checkout.page.value!;
  const t = checkout.t.value;
  const lang = checkout.lang.value;
  const money = (agorot: number) => formatAgorot(agorot, lang);
  const plan = page.plan;
  const codeDiscounts = page.discount_summary.discount_lines;
  if (page.plan_change) return <PlanChangeSummary checkout={checkout} />;

  return (
    <SummaryShell
      checkout={checkout}
      title={t.orderSummary}
      dueLabel={plan?.trial_period_days && page.amount_due_now === 0 ? t.dueToday : t.total}
    >
      <ul class="lines">
        {plan && (
          <li class="line">
            <div class="line__text">
              <span class="line__name">{plan.name}</span>
              <span class="line__meta">
                {plan.trial_period_days
                  ? t.trialThen(plan.trial_period_days, money(plan.renewal_amount), plan.interval)
                  : t.perInterval(money(plan.unit_amount), plan.interval)}
              </span>
            </div>
            <span class="line__amount">{money(plan.trial_period_days ? 0 : plan.unit_amount)}</span>
          </li>
        )}
        {page.line_items.map((line, i) => (
          <li key={i} class={line.amount_agorot < 0 ? 'line line--negative' : 'line'}>
            {line.image_url && (
              <img
                class="line__image"
                src={line.image_url}
                alt=""
                width={48}
                height={48}
                onError={(e) => ((e.currentTarget as HTMLImageElement).hidden = true)}
              />
            )}
            <div class="line__text">
              <span class="line__name">{line.name}</span>
              {line.description && <span class="line__meta">{line.description}</span>}
              {line.quantity > 1 && <span class="line__meta">{`${t.quantity(line.quantity)} · ${t.each(money(line.amount_agorot))}`}</span>}
            </div>
            <span class="line__amount">{money(line.amount_subtotal)}</span>
          </li>
        ))}
      </ul>
      <CouponField checkout={checkout} />
      <dl class="totals">
        {codeDiscounts.length > 0 && (
          <div class="totals__row">
            <dt>{t.subtotal}</dt>
            <dd>{money(page.amount_subtotal)}</dd>
          </div>
        )}
        {codeDiscounts.map((line, i) => (
          <div key={i} class="totals__row totals__row--discount">
            <dt>{line.name}</dt>
            <dd>{money(line.amount_agorot)}</dd>
          </div>
        ))}
        <div class="totals__row totals__row--total">
          <dt>{plan ? t.dueToday : t.total}</dt>
          <dd>{money(page.amount_due_now)}</dd>
        </div>
        {plan && !plan.trial_period_days && (
          <div class="totals__row totals__row--then">
            <dt>{t.thenEach(money(plan.renewal_amount), plan.interval)}</dt>
            <dd />
          </div>
        )}
      </dl>
    </SummaryShell>
  );
}

/**
 * The summary's frame: its title and what is due, then the details. On a phone the details fold behind
 * one line with the total (a button), so the card form shows on the first screen.
 */
function SummaryShell({
  checkout,
  title,
  dueLabel,
  children,
}: {
  checkout: Checkout;
  title: string;
  dueLabel: string;
  children: ComponentChildren;
}) {
  const open = useSignal(false);
  const page = checkout.page.value!;
  const due = formatAgorot(page.amount_due_now, checkout.lang.value);
  return (
    <section class={open.value ? 'summary summary--open' : 'summary'} aria-labelledby="summary-title">
      <button
        type="button"
        class="summary__toggle"
        aria-expanded={open.value}
        aria-controls="summary-details"
        onClick={() => (open.value = !open.value)}
      >
        <span>{title}</span>
        <strong>{due}</strong>
      </button>
      <div id="summary-details" class="summary__details">
        <h2 id="summary-title" class="summary__title">
          {title}
        </h2>
        <p class="summary__due">
          <span>{dueLabel}</span>
          <strong data-testid="amount-due">{due}</strong>
        </p>
        {children}
      </div>
    </section>
  );
}

/** A plan change: the plan now and the new one, the credit for the unused time, and what is due today. */
function PlanChangeSummary({ checkout }: { checkout: Checkout }) {
  const page = checkout.page.value!;
  const change = page.plan_change!;
  const t = checkout.t.value;
  const lang = checkout.lang.value;
  const money = (agorot: number) => formatAgorot(agorot, lang);
  // Document lines are written "עברית / English": the page shows the shopper's half.
  const inLanguage = (description: string) => {
    const [he, en] = description.split(' / ');
    return en === undefined ? description : lang === 'he' ? he : en;
  };
  const plans = [
    { label: t.currentPlan, shown: change.current },
    { label: t.newPlan, shown: change.new },
  ];
  return (
    <SummaryShell checkout={checkout} title={t.planChange} dueLabel={t.dueToday}>
      <ul class="lines">
        {plans.map(({ label, shown }) => (
          <li key={label} class="line">
            <div class="line__text">
              <span class="line__meta">{label}</span>
              <span class="line__name">{shown.quantity > 1 ? `${shown.name} × ${shown.quantity}` : shown.name}</span>
            </div>
            <span class="line__amount">{t.perInterval(money(shown.unit_amount * shown.quantity), shown.interval)}</span>
          </li>
        ))}
      </ul>
      <dl class="totals">
        {change.lines.map((line, i) => (
          <div key={i} class={line.amount < 0 ? 'totals__row totals__row--discount' : 'totals__row'}>
            <dt>{inLanguage(line.description)}</dt>
            <dd>{money(line.amount)}</dd>
          </div>
        ))}
        <div class="totals__row totals__row--total">
          <dt>{t.dueToday}</dt>
          <dd>{money(page.amount_due_now)}</dd>
        </div>
        <div class="totals__row totals__row--then">
          <dt>{t.thenEach(money(change.new.unit_amount * change.new.quantity), change.new.interval)}</dt>
          <dd />
        </div>
      </dl>
    </SummaryShell>
  );
}
