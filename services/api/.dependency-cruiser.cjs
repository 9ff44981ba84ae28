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
      name: 'modules-meet-through-use-cases',
      severity: 'error',
      comment: "a module reaches another only through its application/ use cases, never its infrastructure/, interfaces/ or domain/",
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/([^/]+)/(infrastructure|interfaces|domain)/', pathNot: '^src/modules/$1/' },
    },
    {
      name: 'modules-meet-through-their-public-face',
      severity: 'error',
      comment: 'a module that has an index.ts is reached by other modules only through it',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/(accounts|customers|test-helpers)/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
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
    exclude: { path: '\\.test\\.ts$' },
  },
};
