import { useSignal } from '@preact/signals';
import { Dialog } from '@kupa/web-kit/dialog';
import { formatDate } from '../../models/money';
import { type CancellationReason, type Portal, type PortalPage as PortalView, type PortalSubscription } from '../../models/portal';

export function CancelDialog({
  portal,
  page,
  subscription,
  onClose,
}: {
  portal: Portal;
  page: PortalView;
  subscription: PortalSubscription;
  onClose: () => void;
}) {
  const words = portal.words.value;
  const reason = useSignal<CancellationReason | undefined>(undefined);
  const atEnd = page.settings.cancel_mode === 'at_period_end' && subscription.status !== 'past_due';
  const confirm = async () => {
    if (await portal.cancel(subscription.id, reason.value)) onClose();
  };
  return (
    <Dialog title={words.cancelTitle} open onCancel={onClose}>
      <p>{atEnd ? words.cancelAtEnd(formatDate(new Date(subscription.current_period_end), portal.lang.value)) : words.cancelNow}</p>
      {page.settings.cancellation_reasons.length > 0 && (
        <fieldset class="choices">
          <legend>{words.reasonLegend}</legend>
          {page.settings.cancellation_reasons.map((option) => (
            <label key={option} class="choice">
              <input type="radio" name="reason" value={option} checked={reason.value === option} onChange={() => (reason.value = option)} />
              <span>{words.reasons[option]}</span>
            </label>
          ))}
        </fieldset>
      )}
      <div class="dialog__actions">
        <button type="button" class="button button--danger" disabled={portal.busy.value} onClick={() => void confirm()}>
          {words.confirmCancel}
        </button>
        <button type="button" class="button button--secondary" onClick={onClose}>
          {words.keep}
        </button>
      </div>
    </Dialog>
  );
}
