import { type ReadonlySignal, signal } from '@preact/signals';

/** The pages' one router: the path under a base, as a signal that navigation and the browser's back and forward change. */
export interface Router {
  /** The path under the base (`/`, `/payments/ch_…`); a component that reads it re-renders when it changes. */
  readonly path: ReadonlySignal<string>;
  /** Goes to a path under the base; `replace` leaves no history entry (a used invitation link). */
  navigate(path: string, replace?: boolean): void;
  /** `href` for a path under the base. */
  href(path: string): string;
  /** A link's click handler that navigates inside the app; the link stays real, so it opens in a new tab too. */
  onLink(event: MouseEvent): void;
}

export function createRouter(base = ''): Router {
  const read = () => {
    const path = location.pathname.startsWith(base) ? location.pathname.slice(base.length) : location.pathname;
    return path === '' ? '/' : path;
  };
  const path = signal(read());
  addEventListener('popstate', () => (path.value = read()));
  const navigate = (to: string, replace = false) => {
    if (replace) history.replaceState(null, '', `${base}${to}`);
    else history.pushState(null, '', `${base}${to}`);
    path.value = read();
  };
  return {
    path,
    navigate,
    href: (to) => `${base}${to}`,
    onLink(event) {
      const anchor = event.currentTarget as HTMLAnchorElement;
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
      event.preventDefault();
      navigate(anchor.pathname.slice(base.length) || '/');
    },
  };
}
