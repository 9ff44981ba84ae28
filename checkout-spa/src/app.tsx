import { CheckoutPage } from './pages/Checkout';

/** `/checkout/:id` (full page) and `/checkout/:id/embed` (iframe). */
export function App() {
  const match = location.pathname.match(/^\/checkout\/([^/]+)(\/embed)?\/?$/);
  if (!match) return <CheckoutPage sessionId={null} embedded={false} />;
  return <CheckoutPage sessionId={decodeURIComponent(match[1])} embedded={Boolean(match[2])} />;
}
