import { type Schemas } from '../../api';
import { shekels } from '../../format';
import { t } from '../../i18n';
import type { SettingsPart } from './part';

type Price = Schemas['Price'];
type ProrationBehavior = Schemas['ProrationBehavior'];
type CancellationReason = Schemas['CancellationReason'];
type CancelMode = Schemas['PortalSettings']['cancel_mode'];
/** The contract's reasons in the order the form offers them; the build fails when the contract adds one not here. */
const REASONS = [
  'too_expensive',
  'missing_features',
  'switched_service',
  'unused',
  'customer_service',
  'too_complex',
  'low_quality',
  'other',
] as const satisfies readonly CancellationReason[];
const everyReason: Exclude<CancellationReason, (typeof REASONS)[number]> extends never ? true : never = true;
void everyReason;

/** What customers may do in the portal: the plans they switch to, proration, how and why they cancel. */
export function PortalPlans({ account: a, action, save, prices }: SettingsPart & { prices: Price[] | undefined }) {
  const savePortal = (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    void save({
      portal: {
        allowed_prices: form.getAll('allowed_prices').map(String),
        proration_behavior: String(form.get('proration_behavior')) as ProrationBehavior,
        cancel_mode: String(form.get('cancel_mode')) as CancelMode,
        cancellation_reasons: form.getAll('cancellation_reasons').map(String) as CancellationReason[],
      },
    });
  };

  return (
    <>
      <h2>{t('portalPlans')}</h2>
      <form onSubmit={savePortal}>
        <fieldset class="inline-form">
          <legend>{t('portalPlansHelp')}</legend>
          {prices?.filter((price) => price.active).length === 0 && <p>{t('nothing')}</p>}
          {prices
            ?.filter((price) => price.active)
            .map((price) => (
              <label class="check" key={price.id}>
                <input
                  type="checkbox"
                  name="allowed_prices"
                  defaultValue={price.id}
                  defaultChecked={a.portal.allowed_prices.includes(price.id)}
                />
                {shekels(price.unit_amount)} / {price.recurring?.interval} <code dir="ltr">{price.id}</code>
              </label>
            ))}
        </fieldset>
        <div class="inline-form" key={JSON.stringify(a.portal)}>
          <label>
            {t('proration')}
            <select name="proration_behavior" aria-label={t('proration')}>
              {(['create_prorations', 'always_invoice', 'none'] as ProrationBehavior[]).map((value) => (
                <option value={value} selected={a.portal.proration_behavior === value}>
                  {t(`proration_${value}`)}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t('cancelMode')}
            <select name="cancel_mode" aria-label={t('cancelMode')}>
              {(['at_period_end', 'immediately'] as CancelMode[]).map((value) => (
                <option value={value} selected={a.portal.cancel_mode === value}>
                  {t(value === 'immediately' ? 'cancelNow' : 'cancelAtEnd')}
                </option>
              ))}
            </select>
          </label>
        </div>
        <fieldset class="inline-form">
          <legend>{t('cancellationReasons')}</legend>
          {REASONS.map((reason) => (
            <label class="check" key={reason}>
              <input
                type="checkbox"
                name="cancellation_reasons"
                value={reason}
                defaultChecked={a.portal.cancellation_reasons.includes(reason)}
              />
              {t(`reason_${reason}`)}
            </label>
          ))}
        </fieldset>
        <button type="submit" disabled={action.busy}>
          {t('save')}
        </button>
      </form>
    </>
  );
}
