import { useSignal } from '@preact/signals';
import { type Portal, type PortalPage as PortalView } from '../../models/portal';

export function Contact({ portal, page }: { portal: Portal; page: PortalView }) {
  const words = portal.words.value;
  const email = useSignal(page.customer.email ?? '');
  const phone = useSignal(page.customer.phone ?? '');
  const submit = (event: Event) => {
    event.preventDefault();
    void portal.updateContact({ email: email.value.trim() || null, phone: phone.value.trim() || null });
  };
  return (
    <section class="panel" aria-labelledby="contact-title">
      <h2 id="contact-title" class="panel__title">
        {words.contact}
      </h2>
      <form class="contact" onSubmit={submit}>
        <div class="field">
          <label for="contact-email">{words.email}</label>
          <input
            id="contact-email"
            type="email"
            dir="ltr"
            autocomplete="email"
            value={email.value}
            onInput={(e) => (email.value = e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="contact-phone">{words.phone}</label>
          <input
            id="contact-phone"
            type="tel"
            dir="ltr"
            autocomplete="tel"
            value={phone.value}
            onInput={(e) => (phone.value = e.currentTarget.value)}
          />
        </div>
        <button type="submit" class="button button--secondary" disabled={portal.busy.value}>
          {words.saveContact}
        </button>
      </form>
    </section>
  );
}
