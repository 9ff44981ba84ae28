import { defineConfig, type Options } from 'tsup';

// The package as merchants install it: ESM and CommonJS, with declarations that carry the contract's types.
const common: Options = {
  entry: {
    index: 'src/index.ts',
    webhooks: 'src/webhooks.ts',
    edge: 'src/edge.ts',
    embed: 'src/embed.ts',
    'card-checks': 'src/card-checks.ts',
  },
  dts: true,
  target: 'node20',
  outDir: 'dist',
};

export default defineConfig([
  // The `kupa` command (listen, trigger) ships as ESM only.
  { ...common, entry: { ...(common.entry as Record<string, string>), cli: 'src/cli.ts' }, format: 'esm', clean: true },
  // openapi-fetch is ESM with a CommonJS build whose default export Node-style interop cannot reach from
  // here; the CommonJS build carries its own copy (about 10 KB) instead.
  { ...common, format: 'cjs', noExternal: ['openapi-fetch'] },
]);
