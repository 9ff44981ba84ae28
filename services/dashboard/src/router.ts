import { useEffect, useState } from 'preact/hooks';

const BASE = '/dashboard';

/** The app's path under /dashboard (`/`, `/payments/ch_…`). */
export function currentPath(): string {
  const path = location.pathname.startsWith(BASE) ? location.pathname.slice(BASE.length) : location.pathname;
  return path === '' ? '/' : path;
}

const listeners = new Set<() => void>();

/** Goes to a path of the app; `replace` leaves no history entry (a used invitation link). */
export function navigate(path: string, replace = false): void {
  if (replace) history.replaceState(null, '', `${BASE}${path}`);
  else history.pushState(null, '', `${BASE}${path}`);
  listeners.forEach((listener) => listener());
}

/** The current path, re-rendered on navigation and on the browser's back and forward. */
export function usePath(): string {
  const [path, setPath] = useState(currentPath());
  useEffect(() => {
    const update = () => setPath(currentPath());
    listeners.add(update);
    addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      removeEventListener('popstate', update);
    };
  }, []);
  return path;
}

/** `href` for a path of the app. */
export function href(path: string): string {
  return `${BASE}${path}`;
}

/** A link that navigates inside the app (a real link: it opens in a new tab too). */
export function onLink(event: MouseEvent): void {
  const anchor = event.currentTarget as HTMLAnchorElement;
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
  event.preventDefault();
  navigate(anchor.pathname.slice(BASE.length) || '/');
}
