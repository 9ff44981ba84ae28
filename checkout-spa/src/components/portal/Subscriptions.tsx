import { useSignal } from '@preact/signals';
import { formatAgorot, formatDate } from '../../models/money';
import { type Portal, type PortalPage as PortalView, type PortalSubscription } from '../../models/portal';
import { SwitchDialog } from './SwitchDialog';
import { CancelDialog } from './CancelDialog';

export function Subscriptions({ portal, page }: { portal: Portal; page: PortalView }) {
  const words = portal.words.value;
  return (
    <section class="panel" aria-labelledby="subscriptions-title">
      <h2 id="subscriptions-title" class="panel__title">
        {words.subscriptions}
      </h2>
      {page.subscriptions.length === 0 && <p class="muted">{words.noSubscriptions}</p>}
      {page.subscriptions.map((subscription) => (
        <SubscriptionItem key={subscription.id} portal={portal} page={page} subscription={subscription} />
      ))}
    </section>
  );
}

function SubscriptionItem({ portal, page, subscription }: { portal: Portal; page: PortalView; subscription: PortalSubscription }) {
  const t = portal.t.value;
  const words = portal.words.value;
  const lang = portal.lang.value;
  const busy = portal.busy.value;
  const switching = useSignal(false);
  const canceling = useSignal(false);
  const money = (agorot: number) => formatAgorot(agorot, lang);
  const day = (iso: string) => formatDate(new Date(iso), lang);
  const titleId = `plan-${subscription.id}`;
  const open = subscription.status !== 'canceled';
  return (
    <article class="subscription" aria-labelledby={titleId}>
      <div class="subscription__head">
        <h3 id={titleId} class="subscription__plan">
          {subscription.plan.name}
          {subscription.plan.quantity > 1 && ` × ${subscription.plan.quantity}`}
        </h3>
        <span class={`pill pill--${subscription.status}`}>{words.status[subscription.status]}</span>
      </div>
      <p class="subscription__price">
        {t.perInterval(money(subscription.plan.unit_amount * subscription.plan.quantity), subscription.plan.interval)}
      </p>
      {subscription.status === 'trialing' && subscription.trial_end && <p>{words.trialEnds(day(subscription.trial_end))}</p>}
      {subscription.cancel_at_period_end && open && <p>{words.endsOn(day(subscription.current_period_end))}</p>}
      {subscription.status === 'past_due' && <p class="subscription__warning">{words.pastDueText}</p>}
      {open && (
        <p>
          {subscription.next_charge
            ? words.nextCharge(money(subscription.next_charge.amount), day(subscription.next_charge.date))
            : words.noNextCharge}
        </p>
      )}
      {open && (
        <div class="actions">
          {subscription.switch_to.length > 0 && (
            <button type="button" class="button button--secondary" disabled={busy} onClick={() => (switching.value = true)}>
              {words.switchPlan}
            </button>
          )}
          {subscription.cancel_at_period_end ? (
            <button type="button" class="button button--secondary" disabled={busy} onClick={() => void portal.reactivate(subscription.id)}>
              {words.reactivate}
            </button>
          ) : (
            <button type="button" class="button button--quiet" disabled={busy} onClick={() => (canceling.value = true)}>
              {words.cancelSubscription}
            </button>
          )}
        </div>
      )}
      {switching.value && <SwitchDialog portal={portal} subscription={subscription} onClose={() => (switching.value = false)} />}
      {canceling.value && (
        <CancelDialog portal={portal} page={page} subscription={subscription} onClose={() => (canceling.value = false)} />
      )}
    </article>
  );
}
