import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The merchant's embed script, `/v1/embed.js`: the SDK's mountCheckout as one small classic script. */
export default defineConfig({
  build: {
    outDir: 'dist/v1',
    emptyOutDir: true,
    lib: {
      entry: fileURLToPath(new URL('./src/embed-script.ts', import.meta.url)),
      name: 'Kupa',
      formats: ['iife'],
      fileName: () => 'embed.js',
    },
  },
});
