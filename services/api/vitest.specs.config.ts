import { defineConfig } from 'vitest/config';

// The fast specifications alone (`src/**/*.test.ts`: domain rules and use cases over fakes, no
// database): what `pnpm mutation` runs against each mutant.
export default defineConfig({
  test: { include: ['src/**/*.test.ts'] },
});
