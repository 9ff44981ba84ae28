import { computed, signal } from '@preact/signals';
import type { components } from '@kupa/sdk';
import { type Lang, resolveLang } from '@kupa/web-kit/i18n';
import { MESSAGES } from '../i18n/messages';
import { PORTAL_MESSAGES } from '../i18n/portal-messages';
import { api, call, NetworkError, RequestError } from './api';
import { asCardRefused, type CardInput, CardRefused } from './card';
import type { HostedFields } from './hosted-fields';

export type PortalPage = components['schemas']['PortalPage'];
export type PortalSubscription = PortalPage['subscriptions'][number];
export type SwitchPreview = components['schemas']['PortalSwitchPreview'];
export type CancellationReason = components['schemas']['CancellationReason'];

export type PortalPhase = { kind: 'loading' } | { kind: 'not_found' } | { kind: 'expired' } | { kind: 'load_failed' } | { kind: 'ready' };

/** What the last action said: done (in the page's words), or why it was not. */
export type Notice = { tone: 'success' | 'error'; text: string } | null;

/**
 * The portal's state and what the customer can do. Each action answers the page as it now stands, so
 * the page shows exactly what the service did; a repeat of an action already done changes nothing more.
 */
export function createPortal(sessionId: string) {
  const page = signal<PortalPage | null>(null);
  const phase = signal<PortalPhase>({ kind: 'loading' });
  const busy = signal(false);
  const notice = signal<Notice>(null);
  const lang = computed<Lang>(() => page.value?.locale ?? resolveLang('auto'));
  const t = computed(() => MESSAGES[lang.value]);
  const words = computed(() => PORTAL_MESSAGES[lang.value]);
  const path = { params: { path: { id: sessionId } } };

  async function load(): Promise<void> {
    phase.value = { kind: 'loading' };
    try {
      page.value = await call(api.GET('/v1/billing_portal/sessions/{id}/page', path));
      phase.value = { kind: 'ready' };
    } catch (error) {
      phase.value = { kind: phaseOf(error) };
    }
  }

  /** Runs one action: the page it answers, and `done` said; or the refusal said, and the card form told when it was the card. */
  async function act(action: () => Promise<PortalPage>, done: string): Promise<boolean> {
    if (busy.value) return false;
    busy.value = true;
    notice.value = null;
    try {
      page.value = await action();
      notice.value = { tone: 'success', text: done };
      return true;
    } catch (error) {
      const kind = phaseOf(error);
      if (kind === 'expired' || kind === 'not_found') phase.value = { kind };
      else notice.value = { tone: 'error', text: refusal(error) };
      return false;
    } finally {
      busy.value = false;
    }
  }

  function refusal(error: unknown): string {
    const w = words.value;
    if (error instanceof NetworkError) return w.network;
    if (error instanceof RequestError) {
      const code = error.error.code;
      if (code === 'card_declined') return w.declined;
      if (code === 'subscription_change_in_progress') return w.inProgress;
      if (code === 'payment_method_in_use') return w.cardInUse;
    }
    return w.failed;
  }

  const subscriptionPath = (subscription: string) => ({ params: { path: { id: sessionId, subscription } } });
  const cardPath = (payment_method: string) => ({ params: { path: { id: sessionId, payment_method } } });

  return {
    page,
    phase,
    busy,
    notice,
    lang,
    t,
    words,
    load,
    preview: (subscription: string, price: string): Promise<SwitchPreview> =>
      call(
        api.GET('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/preview', {
          params: { path: { id: sessionId, subscription }, query: { price } },
        }),
      ),
    switchPlan: (subscription: string, price: string, planName: string) =>
      act(
        () =>
          call(
            api.POST('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/switch', {
              ...subscriptionPath(subscription),
              body: { price },
            }),
          ),
        words.value.switched(planName),
      ),
    cancel: (subscription: string, reason: CancellationReason | undefined) =>
      act(
        () =>
          call(
            api.POST('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/cancel', {
              ...subscriptionPath(subscription),
              body: reason ? { reason } : {},
            }),
          ),
        words.value.canceled,
      ),
    reactivate: (subscription: string) =>
      act(
        () => call(api.POST('/v1/billing_portal/sessions/{id}/subscriptions/{subscription}/reactivate', subscriptionPath(subscription))),
        words.value.reactivated,
      ),
    /** Tokenizes the card (a refused field is thrown for the form to show), then saves it as the default. */
    async addCard(card: CardInput): Promise<boolean> {
      if (busy.value) return false;
      let token: string;
      busy.value = true;
      try {
        token = (await call(api.POST('/v1/billing_portal/sessions/{id}/tokens', { ...path, body: { card } }))).id;
      } catch (error) {
        const refused = asCardRefused(error);
        if (refused !== error) throw refused;
        notice.value = { tone: 'error', text: refusal(error) };
        return false;
      } finally {
        busy.value = false;
      }
      return act(
        () => call(api.POST('/v1/billing_portal/sessions/{id}/payment_methods', { ...path, body: { token } })),
        words.value.cardSaved,
      );
    },
    /**
     * Checks a new card in the processor's own fields (a ₪1 hold the server releases at once) and saves it
     * as the default. The server starts the check, the fields make it, and the report is read back from the
     * processor before anything is saved. A field the fields refused before any check is thrown for the form.
     */
    async addCardInFields(fields: HostedFields): Promise<boolean> {
      let invalid: CardRefused | null = null;
      const saved = await act(async () => {
        const check = await call(api.POST('/v1/billing_portal/sessions/{id}/card_checks', path));
        const answer = await fields.charge(check.charge);
        if (answer.transactionId === null && answer.invalid.length > 0) {
          invalid = new CardRefused(answer.invalid[0], 'invalid');
          throw invalid;
        }
        return call(
          api.POST('/v1/billing_portal/sessions/{id}/card_checks/{challenge_id}', {
            params: { path: { id: sessionId, challenge_id: check.challenge_id } },
            body: { transaction_id: answer.transactionId, card: answer.card },
          }),
        );
      }, words.value.cardSaved);
      if (invalid) {
        notice.value = null;
        throw invalid;
      }
      return saved;
    },
    makeDefault: (card: string) =>
      act(
        () => call(api.POST('/v1/billing_portal/sessions/{id}/payment_methods/{payment_method}/default', cardPath(card))),
        words.value.defaultSet,
      ),
    removeCard: (card: string) =>
      act(
        () => call(api.DELETE('/v1/billing_portal/sessions/{id}/payment_methods/{payment_method}', cardPath(card))),
        words.value.cardRemoved,
      ),
    updateContact: (contact: { email: string | null; phone: string | null }) =>
      act(() => call(api.POST('/v1/billing_portal/sessions/{id}/customer', { ...path, body: contact })), words.value.contactSaved),
  };
}

export type Portal = ReturnType<typeof createPortal>;

function phaseOf(error: unknown): 'not_found' | 'expired' | 'load_failed' {
  if (error instanceof RequestError && error.error.code === 'portal_session_expired') return 'expired';
  if (error instanceof RequestError && (error.status === 404 || error.status === 400)) return 'not_found';
  return 'load_failed';
}
