/** The domain stays framework-free; modules meet only through each other's use cases. */
module.exports = {
  forbidden: [
    {
      name: 'domain-is-framework-free',
      severity: 'error',
      comment: 'domain/ folders must not import express, inversify, MikroORM or pg-boss',
      from: { path: '(^|/)(domain)/' },
      to: { path: 'node_modules/(express|inversify|@inversifyjs|@mikro-orm|pg-boss|pg)/' },
    },
    {
      name: 'domain-depends-on-domain-only',
      severity: 'error',
      comment: 'domain/ code imports only other domain code',
      from: { path: '^src/(modules/[^/]+/domain|shared/domain)/' },
      to: { path: '^src/', pathNot: '^src/(modules/[^/]+/domain|shared/domain)/' },
    },
    {
      name: 'modules-meet-through-their-public-face',
      severity: 'error',
      comment:
        'a module reaches another only through its index.ts (its cross-module use cases and plain types), ' +
        "and its specifications through the other's testing.ts (fakes and mothers)",
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/(index|testing)\\.ts$'] },
    },
    {
      name: 'test-support-only-in-tests',
      severity: 'error',
      comment: 'fakes, mothers and testing.ts faces serve specifications only: no production code imports them',
      from: { path: '^src/', pathNot: ['/testing/', '/testing\\.ts$', '\\.test\\.ts$'] },
      to: { path: ['^src/testing/', '^src/modules/[^/]+/testing\\.ts$', '/application/testing/'] },
    },
    {
      name: 'public-face-exposes-use-cases-and-types',
      severity: 'error',
      comment: "a module's index.ts re-exports from its application/ layer and tokens only, never domain classes or adapters",
      from: { path: '^src/modules/([^/]+)/index\\.ts$' },
      to: { path: '^src/modules/$1/(domain|infrastructure|interfaces)/' },
    },
    {
      name: 'application-never-reaches-interfaces',
      severity: 'error',
      comment:
        "use cases answer in the module's own words and publish event and response shapes from the module's published/; HTTP and jobs call " +
        'them, never the other way',
      from: { path: '^src/modules/[^/]+/(application|domain)/' },
      to: { path: '^src/modules/[^/]+/interfaces/' },
    },
    {
      name: 'application-and-domain-speak-their-own-words',
      severity: 'error',
      comment:
        "use cases and aggregates never import HTTP or the contract's types: what a module shows the world is mapped in its " +
        'published/ (events, responses other modules and the edge share) or interfaces/http (what one page answers)',
      from: { path: '^src/(modules/[^/]+/(application|domain)|shared/domain)/' },
      to: { path: '^src/(platform/http|shared/contract)/' },
    },
    {
      name: 'published-language-is-not-http',
      severity: 'error',
      comment: "a module's published/ maps its own words to the contract's (src/shared/contract/), without the HTTP layer",
      from: { path: '^src/(modules/[^/]+/published|shared/contract)/' },
      to: { path: '^src/platform/http/' },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
    // Specifications (`*.test.ts`) and their support are cruised too: they meet other modules through the same faces.
  },
};
