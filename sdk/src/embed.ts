/**
 * The merchant's side of the embedded checkout: mounts the session's `embed_url` in an iframe, sizes it
 * to its content and reports what happens, trusting only messages from the checkout host's origin and
 * that iframe. Served by the checkout host as `/v1/embed.js` (`window.Kupa.mountCheckout`) and exported
 * as `@kupa/sdk/embed` for bundlers.
 *
 * ```ts
 * const checkout = mountCheckout(document.getElementById('pay')!, {
 *   url: session.embed_url,
 *   onResult: ({ status }) => status === 'success' && showThanks(),
 * });
 * ```
 */
export interface CheckoutResult {
  status: 'success' | 'failed';
  sessionId: string;
}

export interface MountCheckoutOptions {
  /** The session's `embed_url`. */
  url: string;
  /** The checkout page is showing and ready for the shopper. */
  onReady?: (info: { sessionId: string }) => void;
  /** Sent once: `success` when paid, `failed` when the session can no longer be paid (expired or unknown). */
  onResult?: (result: CheckoutResult) => void;
  /** The accessible title of the frame. */
  title?: string;
}

export interface MountedCheckout {
  iframe: HTMLIFrameElement;
  /** Removes the frame and stops listening. */
  unmount(): void;
}

interface CheckoutMessage {
  type?: unknown;
  session_id?: unknown;
  status?: unknown;
  height?: unknown;
}

export function mountCheckout(container: HTMLElement, options: MountCheckoutOptions): MountedCheckout {
  const origin = new URL(options.url, location.href).origin;
  const iframe = document.createElement('iframe');
  iframe.src = options.url;
  iframe.title = options.title ?? 'Checkout';
  iframe.allow = 'payment';
  iframe.style.border = '0';
  iframe.style.width = '100%';
  iframe.style.height = '480px';
  iframe.style.display = 'block';
  let resultSeen = false;

  const onMessage = (event: MessageEvent) => {
    if (event.origin !== origin || event.source !== iframe.contentWindow) return;
    const data = event.data as CheckoutMessage;
    if (!data || typeof data !== 'object' || typeof data.session_id !== 'string') return;
    if (data.type === 'service-checkout-ready') options.onReady?.({ sessionId: data.session_id });
    else if (data.type === 'service-checkout-resize' && typeof data.height === 'number' && data.height > 0)
      iframe.style.height = `${Math.ceil(data.height)}px`;
    else if (data.type === 'service-checkout-result' && (data.status === 'success' || data.status === 'failed') && !resultSeen) {
      resultSeen = true;
      options.onResult?.({ status: data.status, sessionId: data.session_id });
    }
  };

  window.addEventListener('message', onMessage);
  container.appendChild(iframe);
  return {
    iframe,
    unmount() {
      window.removeEventListener('message', onMessage);
      iframe.remove();
    },
  };
}
