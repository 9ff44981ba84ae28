import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'preact/hooks';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * A modal dialog on the platform's own `<dialog>` (the rest of the page is inert), with focus moved to
 * its first control and kept inside on Tab, and Escape calling `onCancel` instead of closing it behind
 * the page's back.
 */
export function Dialog({
  title,
  open,
  onCancel,
  children,
}: {
  title: string;
  open: boolean;
  onCancel: () => void;
  children: ComponentChildren;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current!;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  const keepFocus = (event: KeyboardEvent) => {
    if (event.key !== 'Tab') return;
    const controls = [...ref.current!.querySelectorAll<HTMLElement>(FOCUSABLE)];
    if (controls.length === 0) return;
    const first = controls[0];
    const last = controls[controls.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      class="dialog"
      aria-labelledby={titleId}
      onKeyDown={keepFocus}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      {open && (
        <>
          <h2 id={titleId}>{title}</h2>
          {children}
        </>
      )}
    </dialog>
  );
}
