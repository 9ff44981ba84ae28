import { useSignal } from '@preact/signals';
import type { ComponentChildren, JSX } from 'preact';
import { useEffect } from 'preact/hooks';
import { idempotencyKey } from '../api';
import { download } from '../downloads';
import { i18n, type MessageKey, t } from '../i18n';
import { Dialog } from '@kupa/web-kit/dialog';
import { errorText } from '@kupa/web-kit/errors';
import { href, onLink } from '../router';

export function Link({ to, children, class: className }: { to: string; children: ComponentChildren; class?: string }) {
  return (
    <a href={href(to)} onClick={onLink} class={className}>
      {children}
    </a>
  );
}

/** An error's message as the API wrote it, in a live region. */
export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p class="error" role="alert">
      {errorText(error, i18n.lang)}
    </p>
  );
}

/** Loads once per change of `deps`: the value, the error, and a way to load again. */
export function useLoad<T>(load: () => Promise<T>, deps: unknown[]): { value?: T; error?: unknown; reload: () => void } {
  const state = useSignal<{ value?: T; error?: unknown }>({});
  const round = useSignal(0);
  useEffect(() => {
    let current = true;
    load().then(
      (value) => current && (state.value = { value }),
      (error: unknown) => current && (state.value = { error }),
    );
    return () => {
      current = false;
    };
  }, [...deps, round.value]);
  return { ...state.value, reload: () => round.value++ };
}

/**
 * Asks before a money action. The action runs once however often the button is pressed: it is
 * disabled while the request is out, and the caller's Idempotency-Key stays the same for the dialog.
 */
export function ConfirmDialog({ message, onConfirm, onClose }: { message: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  const busy = useSignal(false);
  const error = useSignal<unknown>();
  const confirm = async () => {
    if (busy.value) return;
    busy.value = true;
    error.value = undefined;
    try {
      await onConfirm();
      onClose();
    } catch (caught) {
      error.value = caught;
      busy.value = false;
    }
  };
  return (
    <Dialog title={message} open onCancel={onClose}>
      <ErrorNote error={error.value} />
      <div class="actions">
        <button type="button" class="primary" onClick={confirm} disabled={busy.value} aria-busy={busy.value}>
          {t('confirm')}
        </button>
        <button type="button" onClick={onClose}>
          {t('cancel')}
        </button>
      </div>
    </Dialog>
  );
}

export function Status({ value }: { value: string }) {
  const key = `status_${value}` as MessageKey;
  return <span class={`status status-${value}`}>{t(key) === key ? value.replace(/_/g, ' ') : t(key)}</span>;
}

/** A charge's status as a merchant reads it: a refunded payment says so. */
export function chargeStatus(charge: { status: string; amount_refunded: number; amount_captured: number | null }): string {
  if (charge.amount_refunded === 0) return charge.status;
  return charge.amount_refunded === charge.amount_captured ? 'refunded' : 'partially_refunded';
}

/** Saves a file of the API; a refusal (a PDF still being made) is shown beside the button. */
export function DownloadButton({ path, label }: { path: string; label: string }) {
  const error = useSignal<unknown>();
  return (
    <>
      <button
        type="button"
        class="link"
        onClick={() =>
          download(path).then(
            () => (error.value = undefined),
            (next) => (error.value = next),
          )
        }
      >
        {label}
      </button>
      {error.value && (
        <span class="error" role="alert">
          {' '}
          {errorText(error.value, i18n.lang)}
        </span>
      )}
    </>
  );
}

/** The trimmed text fields of a submitted form, by name. */
export function formFields(event: Event): (name: string) => string {
  const form = new FormData(event.currentTarget as HTMLFormElement);
  return (name) => String(form.get(name) ?? '').trim();
}

/** Runs a form's action: the error to show, and whether it is running (to disable its button). */
export function useAction(): { busy: boolean; error: unknown; note?: string; run: (work: () => Promise<string | void>) => Promise<void> } {
  const state = useSignal<{ busy: boolean; error: unknown; note?: string }>({ busy: false, error: undefined });
  const run = async (work: () => Promise<string | void>) => {
    state.value = { busy: true, error: undefined };
    try {
      const note = await work();
      state.value = { busy: false, error: undefined, note: note || undefined };
    } catch (error) {
      state.value = { busy: false, error };
    }
  };
  return { ...state.value, run };
}

/**
 * A list the API pages (`limit`, `starting_after`, `has_more`): the first page when `deps` change,
 * then one more page at each `more()`.
 */
export function usePages<T extends { id: string | number }>(
  load: (startingAfter?: string) => Promise<{ data: T[]; has_more: boolean }>,
  deps: unknown[],
): { items?: T[]; error?: unknown; hasMore: boolean; more: () => void; reload: () => void } {
  const extra = useSignal<{ items: T[]; hasMore: boolean }>();
  const first = useLoad(async () => {
    extra.value = undefined;
    return load();
  }, deps);
  const items = first.value && [...first.value.data, ...(extra.value?.items ?? [])];
  const more = () => {
    if (!items || items.length === 0) return;
    load(String(items[items.length - 1].id)).then(
      (page) => (extra.value = { items: [...(extra.value?.items ?? []), ...page.data], hasMore: page.has_more }),
      () => undefined,
    );
  };
  return {
    items,
    error: first.error,
    hasMore: extra.value ? extra.value.hasMore : Boolean(first.value?.has_more),
    more,
    reload: first.reload,
  };
}

export function MoreButton({ list }: { list: { hasMore: boolean; more: () => void } }) {
  if (!list.hasMore) return null;
  return (
    <button type="button" class="more" onClick={list.more}>
      {t('more')}
    </button>
  );
}

/**
 * Asking before an action: `ask(message, run)` opens the dialog, and `run` gets the one Idempotency-Key
 * of this confirmation, whatever the number of clicks; `dialog` is where the page shows it.
 */
export function useConfirm(): { ask: (message: string, run: (key: string) => Promise<unknown>) => void; dialog: JSX.Element | null } {
  const pending = useSignal<{ message: string; key: string; run: (key: string) => Promise<unknown> }>();
  const ask = (message: string, run: (key: string) => Promise<unknown>) => (pending.value = { message, run, key: idempotencyKey() });
  const asked = pending.value;
  const dialog = asked ? (
    <ConfirmDialog
      message={asked.message}
      onConfirm={async () => {
        await asked.run(asked.key);
      }}
      onClose={() => (pending.value = undefined)}
    />
  ) : null;
  return { ask, dialog };
}

/** A secret in the answer that made it, shown this once (a new key, a webhook signing secret). */
export function ShownOnce({ label, secret }: { label: string; secret: string | undefined }) {
  if (!secret) return null;
  return (
    <p role="status">
      {label} <code dir="ltr">{secret}</code>
    </p>
  );
}
