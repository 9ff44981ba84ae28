import { useEffect, useState } from 'preact/hooks';
import { CheckoutPage } from './pages/Checkout';

type PortalPageComponent = (typeof import('./pages/Portal'))['PortalPage'];

/** `/checkout/:id` (full page), `/checkout/:id/embed` (iframe) and `/portal/:id` (the customer portal). */
export function App() {
  const portal = location.pathname.match(/^\/portal\/([^/]+)\/?$/);
  if (portal) return <Portal sessionId={decodeURIComponent(portal[1])} />;
  const match = location.pathname.match(/^\/checkout\/([^/]+)(\/embed)?\/?$/);
  if (!match) return <CheckoutPage sessionId={null} embedded={false} />;
  return <CheckoutPage sessionId={decodeURIComponent(match[1])} embedded={Boolean(match[2])} />;
}

/** The portal is loaded only where it is opened: a shopper at checkout never downloads it. */
function Portal({ sessionId }: { sessionId: string }) {
  const [Page, setPage] = useState<PortalPageComponent | null>(null);
  useEffect(() => {
    void import('./pages/Portal').then((module) => setPage(() => module.PortalPage));
  }, []);
  return Page && <Page sessionId={sessionId} />;
}
