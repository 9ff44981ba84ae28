import { useState } from 'preact/hooks';
import { type Portal, type PortalPage as PortalView } from '../../models/portal';

export function Contact({ portal, page }: { portal: Portal; page: PortalView }) {
  const words = portal.words.value;
  const [email, setEmail] = useState(page.customer.email ?? '');
  const [phone, setPhone] = useState(page.customer.phone ?? '');
  const submit = (event: Event) => {
    event.preventDefault();
    void portal.updateContact({ email: email.trim() || null, phone: phone.trim() || null });
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
            value={email}
            onInput={(e) => setEmail(e.currentTarget.value)}
          />
        </div>
        <div class="field">
          <label for="contact-phone">{words.phone}</label>
          <input
            id="contact-phone"
            type="tel"
            dir="ltr"
            autocomplete="tel"
            value={phone}
            onInput={(e) => setPhone(e.currentTarget.value)}
          />
        </div>
        <button type="submit" class="button button--secondary" disabled={portal.busy.value}>
          {words.saveContact}
        </button>
      </form>
    </section>
  );
}
