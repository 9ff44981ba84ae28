import type { ComponentChildren } from 'preact';

/** A whole-page message: loading, paid, expired, not found, wrong address, unreachable. */
export function StatusView({
  tone,
  title,
  children,
}: {
  tone: 'info' | 'success' | 'warning' | 'error';
  title: string;
  children?: ComponentChildren;
}) {
  return (
    <section class={`status status--${tone}`} role={tone === 'error' || tone === 'warning' ? 'alert' : 'status'}>
      <div class="status__icon" aria-hidden="true">
        {tone === 'success' ? '✓' : tone === 'info' ? '' : '!'}
      </div>
      <h1 class="status__title">{title}</h1>
      {children}
    </section>
  );
}
