import { lazyComponent } from '@kupa/web-kit/lazy';
import { createRouter } from '@kupa/web-kit/router';
import { CheckoutPage } from './pages/Checkout';

const router = createRouter();

/** `/checkout/:id` (full page), `/checkout/:id/embed` (iframe) and `/portal/:id` (the customer portal). */
export function App() {
  const path = router.path.value;
  const portal = path.match(/^\/portal\/([^/]+)\/?$/);
  if (portal) return <Portal sessionId={decodeURIComponent(portal[1])} />;
  const match = path.match(/^\/checkout\/([^/]+)(\/embed)?\/?$/);
  if (!match) return <CheckoutPage sessionId={null} embedded={false} />;
  return <CheckoutPage sessionId={decodeURIComponent(match[1])} embedded={Boolean(match[2])} />;
}

/** The portal is loaded only where it is opened: a shopper at checkout never downloads it. */
const Portal = lazyComponent(() => import('./pages/Portal').then((module) => module.PortalPage));
