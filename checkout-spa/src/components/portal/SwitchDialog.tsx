import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { Dialog } from '@kupa/web-kit/dialog';
import { formatAgorot, formatDate } from '../../models/money';
import { type Portal, type PortalSubscription, type SwitchPreview } from '../../models/portal';

export function SwitchDialog({ portal, subscription, onClose }: { portal: Portal; subscription: PortalSubscription; onClose: () => void }) {
  const t = portal.t.value;
  const words = portal.words.value;
  const lang = portal.lang.value;
  const money = (agorot: number) => formatAgorot(agorot, lang);
  const price = useSignal(subscription.switch_to[0].id);
  const preview = useSignal<SwitchPreview | null>(null);
  const failed = useSignal(false);

  useEffect(() => {
    let current = true;
    preview.value = null;
    failed.value = false;
    portal.preview(subscription.id, price.value).then(
      (answer) => current && (preview.value = answer),
      () => current && (failed.value = true),
    );
    return () => {
      current = false;
    };
  }, [price.value]);

  const chosen = subscription.switch_to.find((option) => option.id === price.value)!;
  const confirm = async () => {
    if (await portal.switchPlan(subscription.id, price.value, chosen.name)) onClose();
  };
  return (
    <Dialog title={words.switchTitle} open onCancel={onClose}>
      <fieldset class="choices">
        <legend>{words.choosePlan}</legend>
        {subscription.switch_to.map((option) => (
          <label key={option.id} class="choice">
            <input
              type="radio"
              name="plan"
              value={option.id}
              checked={option.id === price.value}
              onChange={() => (price.value = option.id)}
            />
            <span>
              {option.name} · {t.perInterval(money(option.unit_amount), option.interval)}
            </span>
          </label>
        ))}
      </fieldset>
      <div class="preview" aria-live="polite" aria-busy={!preview.value && !failed.value}>
        {failed.value && <p class="field-error">{words.failed}</p>}
        {preview.value && (
          <>
            {preview.value.charged_now ? (
              <p class="preview__headline">{words.payNow(money(preview.value.amount_due))}</p>
            ) : (
              <>
                {preview.value.credit > 0 && <p class="preview__headline">{words.creditNext(money(preview.value.credit))}</p>}
                {preview.value.date && (
                  <p>{words.nextBill(money(preview.value.amount_due), formatDate(new Date(preview.value.date), lang))}</p>
                )}
              </>
            )}
            {preview.value.charged_now && (
              <dl class="totals">
                {preview.value.lines.map((line, i) => (
                  <div key={i} class="totals__row">
                    <dt dir="auto">{line.description}</dt>
                    <dd dir="ltr">{money(line.amount)}</dd>
                  </div>
                ))}
              </dl>
            )}
          </>
        )}
      </div>
      <div class="dialog__actions">
        <button type="button" class="button button--pay" disabled={!preview.value || portal.busy.value} onClick={() => void confirm()}>
          {portal.busy.value && <span class="spinner" aria-hidden="true" />}
          {words.confirmSwitch}
        </button>
        <button type="button" class="button button--secondary" onClick={onClose}>
          {words.close}
        </button>
      </div>
    </Dialog>
  );
}
