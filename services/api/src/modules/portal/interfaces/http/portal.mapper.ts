import type { Schemas } from '../../../../shared/contract/contract';
import { documentLineShape } from '../../../../shared/contract/line-shapes';
import { merchantShape } from '../../../../shared/contract/merchant-shape';
import type { PlanOption, PortalView, SwitchPreview } from '../../application/portal-view';

/** The portal page as the contract shows it. */
export function portalPage(view: PortalView): Schemas['PortalPage'] {
  const { session, settings } = view;
  return {
    id: session.id,
    object: 'portal_page',
    merchant: merchantShape(view.merchant),
    customer: view.customer,
    locale: session.locale,
    return_url: session.returnUrl,
    expires_at: session.expiresAt.toISOString(),
    livemode: session.livemode,
    settings: { cancel_mode: settings.cancelMode, cancellation_reasons: settings.cancellationReasons },
    cardholder_id_required: view.cardholderIdRequired,
    add_card: view.addCard,
    card_collection:
      view.cardCollection.type === 'hosted_fields'
        ? { type: 'hosted_fields', script_url: view.cardCollection.scriptUrl }
        : { type: 'server', script_url: null },
    subscriptions: view.subscriptions.map(({ subscription, nextCharge, switchTo }) => ({
      id: subscription.id,
      plan: {
        name: subscription.plan.name,
        unit_amount: subscription.plan.unitAmount,
        quantity: subscription.quantity,
        interval: subscription.plan.interval,
      },
      status: subscription.status,
      current_period_end: subscription.currentPeriodEnd.toISOString(),
      trial_end: subscription.trialEnd?.toISOString() ?? null,
      cancel_at_period_end: subscription.cancelAtPeriodEnd,
      canceled_at: subscription.canceledAt?.toISOString() ?? null,
      next_charge: nextCharge && { date: nextCharge.date.toISOString(), amount: nextCharge.amount },
      payment_method: subscription.paymentMethodId,
      switch_to: switchTo.map(planShape),
    })),
    payment_methods: view.cards.map(({ card, isDefault, inUse }) => ({
      id: card.id,
      card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear },
      default: isDefault,
      in_use: inUse,
    })),
    payments: view.payments.map(({ charge, documents }) => ({
      id: charge.id,
      amount: charge.amount,
      amount_refunded: charge.amountRefunded,
      status: charge.status,
      created: charge.createdAt.toISOString(),
      documents: documents.map(({ document, url }) => ({ id: document.id, type: document.type, number: document.number, url })),
    })),
  };
}

/** What switching plan would cost, as the contract shows it. */
export function switchPreview(preview: SwitchPreview): Schemas['PortalSwitchPreview'] {
  return {
    price: planShape(preview.price),
    charged_now: preview.chargedNow,
    amount_due: preview.amountDue,
    credit: preview.credit,
    lines: preview.lines.map(documentLineShape),
    date: preview.date?.toISOString() ?? null,
  };
}

function planShape(plan: PlanOption): Schemas['PortalPrice'] {
  return { id: plan.id, name: plan.name, unit_amount: plan.unitAmount, interval: plan.interval };
}
