import { type Schemas } from '../../api';
import { formFields } from '../ui';
import { t } from '../../i18n';
import type { SettingsPart } from './part';

type DealerType = Schemas['BusinessProfile']['dealer_type'];
const DEALER_TYPES: DealerType[] = ['licensed_dealer', 'company', 'exempt_dealer', 'non_profit'];

/** The business as its tax documents name it. */
export function BusinessProfile({ account: a, action, save }: SettingsPart) {
  const profile = a.business_profile;
  const saveProfile = (event: Event) => {
    event.preventDefault();
    const get = formFields(event);
    void save({
      business_profile: {
        legal_name: get('legal_name'),
        business_number: get('business_number'),
        dealer_type: get('dealer_type') as DealerType,
        address: { line1: get('line1'), city: get('city'), postal_code: get('postal_code') },
        email: get('email') || null,
        phone: get('phone') || null,
      },
    });
  };

  return (
    <>
      <h2>{t('businessProfile')}</h2>
      <form class="inline-form" onSubmit={saveProfile} key={JSON.stringify(profile)}>
        <label>
          {t('legalName')}
          <input name="legal_name" defaultValue={profile?.legal_name ?? ''} required />
        </label>
        <label>
          {t('businessNumber')}
          <input name="business_number" defaultValue={profile?.business_number ?? ''} required inputMode="numeric" dir="ltr" />
        </label>
        <label>
          {t('dealerType')}
          <select name="dealer_type" aria-label={t('dealerType')}>
            {DEALER_TYPES.map((type) => (
              <option value={type} selected={profile?.dealer_type === type}>
                {t(`dealer_${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('addressLine')}
          <input name="line1" defaultValue={profile?.address.line1 ?? ''} required />
        </label>
        <label>
          {t('city')}
          <input name="city" defaultValue={profile?.address.city ?? ''} required />
        </label>
        <label>
          {t('postalCode')}
          <input name="postal_code" defaultValue={profile?.address.postal_code ?? ''} required inputMode="numeric" dir="ltr" />
        </label>
        <label>
          {t('email')}
          <input name="email" type="email" defaultValue={profile?.email ?? ''} dir="ltr" />
        </label>
        <label>
          {t('phone')}
          <input name="phone" type="tel" defaultValue={profile?.phone ?? ''} dir="ltr" />
        </label>
        <button type="submit" disabled={action.busy}>
          {t('save')}
        </button>
      </form>
    </>
  );
}
