import preact from '@preact/preset-vite';
import { defineConfig } from 'vite';

// Served by the API under /dashboard (services/api/src/main/dashboard-host.ts).
export default defineConfig({
  base: '/dashboard/',
  plugins: [preact()],
  build: { outDir: 'dist', assetsDir: 'assets', sourcemap: false, modulePreload: { polyfill: false } },
});
