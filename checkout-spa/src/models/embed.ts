import type { PageView } from './api';

/**
 * Messages to the merchant's page around the iframe, all `{ type, session_id, … }` and posted to the
 * parent's origin only, never `'*'`: `service-checkout-ready` once the page shows, `service-checkout-resize`
 * with the content's height in CSS px, and exactly one `service-checkout-result`.
 */
export type EmbedMessage =
  | { type: 'service-checkout-ready' }
  | { type: 'service-checkout-resize'; height: number }
  | { type: 'service-checkout-result'; status: 'success' | 'failed' };

/** The parent's origin: what the browser says of the frame's ancestors, else the referrer, else the merchant's success URL. */
export function parentOrigin(successOrigin: string | null): string | null {
  const ancestors = location.ancestorOrigins;
  if (ancestors && ancestors.length > 0 && ancestors[0] !== 'null') return ancestors[0];
  if (document.referrer) {
    try {
      return new URL(document.referrer).origin;
    } catch {
      // An unreadable referrer: fall through.
    }
  }
  return successOrigin;
}

export class EmbedChannel {
  private resultSent = false;
  private lastHeight = 0;

  constructor(
    private readonly sessionId: string,
    private successOrigin: string | null = null,
  ) {}

  knowPage(page: PageView): void {
    this.successOrigin = page.success_origin;
  }

  post(message: EmbedMessage): void {
    if (window.parent === window) return;
    if (message.type === 'service-checkout-result') {
      if (this.resultSent) return;
      this.resultSent = true;
    }
    const origin = parentOrigin(this.successOrigin);
    if (!origin) return;
    window.parent.postMessage({ ...message, session_id: this.sessionId }, origin);
  }

  /** Tells the parent the content's height whenever it changes, so the frame never scrolls. */
  watchHeight(element: HTMLElement): () => void {
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height === this.lastHeight) return;
      this.lastHeight = height;
      this.post({ type: 'service-checkout-resize', height });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }
}
