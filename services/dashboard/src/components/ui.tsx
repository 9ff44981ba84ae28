import type { ComponentChildren, JSX } from 'preact';
import { useEffect, useState } from 'preact/hooks';
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
  const [state, setState] = useState<{ value?: T; error?: unknown }>({});
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    load().then(
      (value) => current && setState({ value }),
      (error: unknown) => current && setState({ error }),
    );
    return () => {
      current = false;
    };
  }, [...deps, round]);
  return { ...state, reload: () => setRound((n) => n + 1) };
}

/**
 * Asks before a money action. The action runs once however often the button is pressed: it is
 * disabled while the request is out, and the caller's Idempotency-Key stays the same for the dialog.
 */
export function ConfirmDialog({ message, onConfirm, onClose }: { message: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(undefined);
    try {
      await onConfirm();
      onClose();
    } catch (caught) {
      setError(caught);
      setBusy(false);
    }
  };
  return (
    <Dialog title={message} open onCancel={onClose}>
      <ErrorNote error={error} />
      <div class="actions">
        <button type="button" class="primary" onClick={confirm} disabled={busy} aria-busy={busy}>
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
  const [error, setError] = useState<unknown>();
  return (
    <>
      <button type="button" class="link" onClick={() => download(path).then(() => setError(undefined), setError)}>
        {label}
      </button>
      {error && (
        <span class="error" role="alert">
          {' '}
          {errorText(error, i18n.lang)}
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
  const [state, setState] = useState<{ busy: boolean; error: unknown; note?: string }>({ busy: false, error: undefined });
  const run = async (work: () => Promise<string | void>) => {
    setState({ busy: true, error: undefined });
    try {
      const note = await work();
      setState({ busy: false, error: undefined, note: note || undefined });
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  return { ...state, run };
}

/**
 * A list the API pages (`limit`, `starting_after`, `has_more`): the first page when `deps` change,
 * then one more page at each `more()`.
 */
export function usePages<T extends { id: string | number }>(
  load: (startingAfter?: string) => Promise<{ data: T[]; has_more: boolean }>,
  deps: unknown[],
): { items?: T[]; error?: unknown; hasMore: boolean; more: () => void; reload: () => void } {
  const [extra, setExtra] = useState<{ items: T[]; hasMore: boolean }>();
  const first = useLoad(async () => {
    setExtra(undefined);
    return load();
  }, deps);
  const items = first.value && [...first.value.data, ...(extra?.items ?? [])];
  const more = () => {
    if (!items || items.length === 0) return;
    load(String(items[items.length - 1].id)).then(
      (page) => setExtra({ items: [...(extra?.items ?? []), ...page.data], hasMore: page.has_more }),
      () => undefined,
    );
  };
  return { items, error: first.error, hasMore: extra ? extra.hasMore : Boolean(first.value?.has_more), more, reload: first.reload };
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
  const [pending, setPending] = useState<{ message: string; key: string; run: (key: string) => Promise<unknown> }>();
  const ask = (message: string, run: (key: string) => Promise<unknown>) => setPending({ message, run, key: idempotencyKey() });
  const dialog = pending ? (
    <ConfirmDialog
      message={pending.message}
      onConfirm={async () => {
        await pending.run(pending.key);
      }}
      onClose={() => setPending(undefined)}
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
