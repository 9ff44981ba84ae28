import { batch, computed, signal } from '@preact/signals';
import { type Lang, resolveLang } from '@kupa/web-kit/i18n';
import { MESSAGES } from '../i18n/messages';
import { api, call, CHECKOUT_URL, type ConfirmPaymentMethod, type ConfirmResult, NetworkError, type PageView, RequestError } from './api';
import { asCardRefused, type CardInput, CardRefused } from './card';
import { EmbedChannel } from './embed';
import type { HostedFields } from './hosted-fields';

/** The processor's refusal of an amount other than the one its handshake locked (Tranzila's 912791). */
const AMOUNT_NOT_LOCKED = '912791';

/** The total changed between the page's showing it and the processor's fields paying it: nothing was charged. */
class TotalChanged extends Error {}

/** A Bit page that ended without a payment Kupa found: the shopper is told why, in these words. */
class BitUnpaid extends Error {}

/** How long the page keeps asking for a Bit payment that Bit has not recorded yet, and how often. */
const BIT_WAIT = { tries: 20, everyMs: 1500 };

/** How a Bit page ended for the page: sent back by Bit, paid (seen on the session itself), or closed by the shopper. */
type BitEnd = 'success' | 'failure' | 'paid' | 'closed';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export type Outcome = 'paid' | 'authorized' | 'trial' | 'plan_changed';

export type Phase =
  | { kind: 'loading' }
  | { kind: 'wrong_host'; opened: string; expected: string }
  | { kind: 'not_found' }
  | { kind: 'load_failed' }
  | { kind: 'ready' }
  | { kind: 'expired' }
  | { kind: 'done'; outcome: Outcome; redirectUrl: string | null };

/**
 * The page's state and what the shopper can do. Money moves only through `confirm`, whose repeats the
 * server answers as the first: a retry after a lost answer sends the same request again.
 */
export function createCheckout(sessionId: string, embedded: boolean) {
  const page = signal<PageView | null>(null);
  const phase = signal<Phase>({ kind: 'loading' });
  const busy = signal(false);
  /** The last payment's refusal, shown above the form and announced. */
  const paymentError = signal<string | null>(null);
  /** A payment whose answer was lost: offered again as is. */
  const pendingRetry = signal<(() => Promise<void>) | null>(null);
  const challenge = signal<string | null>(null);
  /** Bit's page, framed by this host for the payment `challengeId`, while the shopper pays in the app. */
  const bitPage = signal<{ challengeId: string; frame: string } | null>(null);
  let endBit: ((end: BitEnd) => void) | null = null;
  const announcement = signal('');
  const lang = computed<Lang>(() => resolveLang(page.value?.locale ?? 'auto'));
  const t = computed(() => MESSAGES[lang.value]);
  const channel = new EmbedChannel(sessionId);
  const surface = embedded ? 'embed' : 'hosted';

  function outcomeOf(view: PageView): Outcome {
    if (view.capture_method === 'manual') return 'authorized';
    if (view.plan_change) return 'plan_changed';
    if (view.plan?.trial_period_days && view.amount_due_now === 0) return 'trial';
    return 'paid';
  }

  function finish(redirectUrl: string | null) {
    const view = page.value!;
    batch(() => {
      phase.value = { kind: 'done', outcome: outcomeOf(view), redirectUrl };
      challenge.value = null;
      paymentError.value = null;
    });
    if (embedded) channel.post({ type: 'service-checkout-result', status: 'success' });
    else if (redirectUrl) setTimeout(() => location.assign(redirectUrl), 1200);
  }

  async function load(): Promise<void> {
    if (CHECKOUT_URL && new URL(CHECKOUT_URL).origin !== location.origin) {
      phase.value = { kind: 'wrong_host', opened: location.origin, expected: new URL(CHECKOUT_URL).origin };
      return;
    }
    phase.value = { kind: 'loading' };
    try {
      const view = await call(api.GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: sessionId }, query: { surface } } }));
      channel.knowPage(view);
      batch(() => {
        page.value = view;
        if (view.status === 'expired') phase.value = { kind: 'expired' };
        else if (view.status === 'completed') phase.value = { kind: 'done', outcome: outcomeOf(view), redirectUrl: view.redirect_url };
        else phase.value = { kind: 'ready' };
      });
      if (view.status === 'expired' && embedded) channel.post({ type: 'service-checkout-result', status: 'failed' });
    } catch (error) {
      if (error instanceof RequestError && (error.status === 404 || error.status === 400)) {
        phase.value = { kind: 'not_found' };
        if (embedded) channel.post({ type: 'service-checkout-result', status: 'failed' });
      } else {
        phase.value = { kind: 'load_failed' };
      }
    }
  }

  /** Reads the page again after a change to the discounts, keeping the form as it is. */
  async function refresh(): Promise<void> {
    const view = await call(api.GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: sessionId }, query: { surface } } }));
    page.value = view;
  }

  async function handle(result: ConfirmResult): Promise<void> {
    if (result.status === 'succeeded') return finish(result.redirect_url ?? null);
    if (result.status === 'requires_action' && result.next_action) {
      challenge.value = result.next_action.challenge_id;
      return;
    }
    batch(() => {
      challenge.value = null;
      const code = (result.failure?.code ?? 'processing_error') as keyof typeof t.value.failures;
      paymentError.value = t.value.failures[code] ?? t.value.failures.processing_error;
    });
  }

  /** Runs one payment step; a lost answer keeps the step for "Try again", a refusal shows its reason. */
  async function step(run: () => Promise<ConfirmResult>): Promise<void> {
    if (busy.value) return;
    batch(() => {
      busy.value = true;
      paymentError.value = null;
      pendingRetry.value = null;
    });
    try {
      await handle(await run());
    } catch (error) {
      if (error instanceof NetworkError) {
        batch(() => {
          paymentError.value = `${t.value.networkTitle}. ${t.value.networkText}`;
          pendingRetry.value = () => step(run);
        });
      } else if (error instanceof RequestError && error.error.code === 'session_not_pending') {
        await load();
      } else if (error instanceof BitUnpaid) {
        paymentError.value = error.message;
      } else if (error instanceof TotalChanged) {
        paymentError.value = t.value.amountNotLocked;
      } else if (error instanceof RequestError && (error.error.code === 'amount_changed' || error.error.code === 'exhausted')) {
        // A discount ran out between showing the total and paying: nothing was charged; show the new total.
        await refresh();
        paymentError.value = t.value.totalChanged;
      } else if (error instanceof RequestError && error.error.code === 'payment_in_progress') {
        // Another card's payment for this checkout is in flight (another tab, a second click with another card).
        batch(() => {
          paymentError.value = t.value.paymentInProgress;
          pendingRetry.value = () => step(run);
        });
      } else if (
        error instanceof RequestError &&
        (error.error.code === 'subscription_canceled' || error.error.code === 'subscription_changed')
      ) {
        // A plan change whose subscription moved since the page opened: nothing was charged, and paying again cannot help.
        paymentError.value = t.value.planChangeUnavailable;
      } else if (error instanceof RequestError && error.error.code === 'subscription_change_in_progress') {
        batch(() => {
          paymentError.value = t.value.subscriptionBusy;
          pendingRetry.value = () => step(run);
        });
      } else if (error instanceof RequestError && error.error.code === 'processor_timeout') {
        // The card processor did not answer in time; the same payment, asked again, gets its outcome.
        batch(() => {
          paymentError.value = t.value.failures.processing_error;
          pendingRetry.value = () => step(run);
        });
      } else if (error instanceof CardRefused) {
        throw error;
      } else if (error instanceof RequestError && Object.hasOwn(t.value.failures, error.error.code)) {
        // A card the processor refused before the payment (its check when tokenizing).
        paymentError.value = t.value.failures[error.error.code as keyof typeof t.value.failures];
      } else {
        // Rare here: the words for every code load only when one is needed.
        paymentError.value =
          error instanceof RequestError
            ? (await import('@kupa/web-kit/errors')).errorText(error, lang.value)
            : t.value.failures.processing_error;
      }
    } finally {
      busy.value = false;
    }
  }

  function confirm(method: ConfirmPaymentMethod, installments: number | null) {
    return call(
      api.POST('/v1/checkout_sessions/{id}/confirm', {
        params: { path: { id: sessionId } },
        // The amount the shopper sees: if it changed meanwhile (a discount ran out), nothing is charged.
        body: {
          payment_method: method,
          expected_amount: page.value!.amount_due_now,
          ...(installments && installments > 1 ? { installments } : {}),
        },
      }),
    );
  }

  /** Tokenizes the card (the number goes to the token endpoint only), then pays with the token. */
  function payWithCard(card: CardInput, installments: number | null): Promise<void> {
    let token: string | null = null;
    return step(async () => {
      if (!token) {
        try {
          token = (await call(api.POST('/v1/tokens', { body: { checkout_session: sessionId, card } }))).id;
        } catch (error) {
          throw asCardRefused(error);
        }
      }
      return confirm({ type: 'card', token }, installments);
    });
  }

  /**
   * Pays in the processor's own card fields: the server starts the payment and locks its amount, the
   * fields make it, and the page reports what they answered, which the server reads back from the
   * processor before it believes anything. An amount the processor refused as not the locked one (the
   * total changed meanwhile) shows the new total.
   */
  function payWithHostedFields(fields: HostedFields, installments: number | null): Promise<void> {
    return step(async () => {
      const asked = await confirm({ type: 'hosted_fields' }, installments);
      const action = asked.next_action;
      if (asked.status !== 'requires_action' || action?.type !== 'hosted_fields_charge' || !action.charge) return asked;
      const answer = await fields.charge(action.charge);
      // Refused before any charge (a wrong field): the report ends the payment, and the field says why.
      const reported = await call(
        api.POST('/v1/checkout_sessions/{id}/hosted_charge', {
          params: { path: { id: sessionId } },
          body: { challenge_id: action.challenge_id, transaction_id: answer.transactionId, card: answer.card },
        }),
      );
      if (answer.refusal === AMOUNT_NOT_LOCKED && reported.status === 'failed') {
        await refresh();
        throw new TotalChanged();
      }
      if (answer.invalid.length > 0 && reported.status === 'failed') throw new CardRefused(answer.invalid[0], 'invalid');
      return reported;
    });
  }

  /**
   * The Bit page is open until Bit sends its frame back (a page of this host, which posts here), the
   * shopper closes it, or the session is seen paid (Bit approved, and its notification completed the
   * session, though the frame never came back).
   */
  function bitEnded(challengeId: string): Promise<BitEnd> {
    return new Promise((resolve) => {
      let open = true;
      const done = (end: BitEnd) => {
        if (!open) return;
        open = false;
        window.removeEventListener('message', onMessage);
        endBit = null;
        bitPage.value = null;
        resolve(end);
      };
      const onMessage = (event: MessageEvent) => {
        const data = event.data as { type?: string; challenge_id?: string; result?: string } | null;
        if (event.origin !== location.origin || data?.type !== 'kupa-bit-return' || data.challenge_id !== challengeId) return;
        done(data.result === 'success' ? 'success' : 'failure');
      };
      window.addEventListener('message', onMessage);
      endBit = done;
      void (async () => {
        while (open) {
          await pause(2000);
          const view = open
            ? await call(api.GET('/v1/checkout_sessions/{id}/page', { params: { path: { id: sessionId }, query: { surface } } })).catch(
                () => null,
              )
            : null;
          if (view?.status === 'completed') {
            page.value = view;
            done('paid');
          }
        }
      })();
    });
  }

  /**
   * Pays with Bit on the processor's own page: the server makes the page for this payment, the shopper
   * pays in the Bit app, and when Bit sends the frame back the page asks the server, which reads the
   * payment from the processor (a few times, while Bit has not recorded it yet). Nothing the frame says
   * is believed. A page closed by the shopper leaves the payment to end when another is made.
   */
  function payWithBit(): Promise<void> {
    return step(async () => {
      const asked = await confirm({ type: 'bit_page' }, null);
      const action = asked.next_action;
      if (asked.status !== 'requires_action' || action?.type !== 'bit_page') return asked;
      bitPage.value = { challengeId: action.challenge_id, frame: `${location.origin}/checkout/${sessionId}/bit/${action.challenge_id}` };
      const end = await bitEnded(action.challenge_id);
      if (end === 'paid') return { status: 'succeeded', redirect_url: page.value!.redirect_url ?? undefined };
      if (end === 'closed') throw new BitUnpaid(t.value.bitNotCompleted);
      for (let tries = 1; ; tries++) {
        try {
          const reported = await call(
            api.POST('/v1/checkout_sessions/{id}/hosted_charge', {
              params: { path: { id: sessionId } },
              body: { challenge_id: action.challenge_id, transaction_id: null, card: null },
            }),
          );
          if (reported.status === 'failed') throw new BitUnpaid(t.value.bitNotCompleted);
          return reported;
        } catch (error) {
          const waiting = error instanceof RequestError && error.error.code === 'payment_in_progress';
          if (!waiting) throw error;
          // Sent back on failure with nothing recorded: not paid. On success, Bit may still be recording it.
          if (end === 'failure' || tries >= BIT_WAIT.tries)
            throw new BitUnpaid(end === 'failure' ? t.value.bitNotCompleted : t.value.bitWaiting);
          announcement.value = t.value.bitWaiting;
          await pause(BIT_WAIT.everyMs);
        }
      }
    });
  }

  return {
    page,
    phase,
    busy,
    bitPage,
    payWithBit,
    closeBit: () => endBit?.('closed'),
    paymentError,
    pendingRetry,
    challenge,
    announcement,
    lang,
    t,
    channel,
    embedded,
    load,
    payWithCard,
    payWithHostedFields,
    payWithSavedCard: (id: string, installments: number | null) =>
      step(() => confirm({ type: 'saved_card', payment_method: id }, installments)),
    payWithWallet: (wallet: 'apple_pay' | 'google_pay' | 'bit') =>
      step(() => confirm({ type: 'wallet', wallet, token: 'wallet_tok_visa' }, null)),
    completeChallenge: (result: 'authenticated' | 'failed') =>
      step(() =>
        call(
          api.POST('/v1/checkout_sessions/{id}/three_d_secure', {
            params: { path: { id: sessionId } },
            body: { challenge_id: challenge.value!, result },
          }),
        ),
      ),
    async applyCode(code: string): Promise<string | null> {
      try {
        await call(api.POST('/v1/checkout_sessions/{id}/discount', { params: { path: { id: sessionId } }, body: { code } }));
        await refresh();
        announcement.value = t.value.codeApplied(code.toUpperCase());
        return null;
      } catch (error) {
        const errors = t.value.codeErrors;
        if (error instanceof RequestError && error.error.code === 'session_not_pending') await load();
        const code = error instanceof RequestError ? (error.error.code as keyof typeof errors) : 'other';
        return errors[code] ?? errors.other;
      }
    },
    async removeCode(code: string): Promise<void> {
      await call(api.DELETE('/v1/checkout_sessions/{id}/discount/{code}', { params: { path: { id: sessionId, code } } }));
      await refresh();
      announcement.value = t.value.codeRemoved(code);
    },
  };
}

export type Checkout = ReturnType<typeof createCheckout>;
