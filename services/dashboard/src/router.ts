import { createRouter } from '@kupa/web-kit/router';

/** The dashboard's paths, under /dashboard. */
export const router = createRouter('/dashboard');
export const { navigate, href, onLink } = router;
