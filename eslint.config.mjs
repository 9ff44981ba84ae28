// @ts-check
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'bench-results/**',
      '**/screenshots/**',
      'sdk/src/schema.d.ts',
      'services/api/src/shared/contract/openapi.d.ts',
      'e2e/merchant-demo/.sdk/**',
      '**/.stryker-tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['sdk/tsup.config.ts', 'services/api/tsup.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      // Bugs the types can see: a promise nobody waits for, or one handed where a plain value is expected.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false, attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // The service's modules: no value of unknown shape travels unchecked.
    files: ['services/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
      '@typescript-eslint/no-unsafe-argument': 'error',
    },
  },
  {
    // One way to reach the database (ARCHITECTURE.md, "Persistence"): an aggregate is read and written
    // through its AggregateTable; any other statement is `sqlRows`/`poolRows` with `$n` parameters. A
    // module never calls the EntityManager itself.
    files: ['services/api/src/modules/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: ":matches(MemberExpression[object.property.name='em'], MemberExpression[object.name='em'])",
          message:
            'Read and write an aggregate through its AggregateTable (find, findOne, lock, page, insert, save…), ' +
            'or run a statement with sqlRows/poolRows (ARCHITECTURE.md, "Persistence").',
        },
        {
          selector:
            'CallExpression[callee.name=/^(sqlRows|poolRows)$/] > :matches(Literal[value=/[=(,]\\s*\\?/], TemplateLiteral[quasis.0.value.raw=/[=(,]\\s*\\?/])',
          message: 'Parameters are $1, $2…',
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '../../../../platform/persistence/sql/statements',
              importNames: ['transactionConnection'],
              message: 'A module reaches the database through its repositories (ARCHITECTURE.md, "Persistence").',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['checkout-spa/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The pages hold state one way: in signals (services/web-kit/README.md).
    files: ['checkout-spa/src/**/*.{ts,tsx}', 'services/dashboard/src/**/*.{ts,tsx}', 'services/web-kit/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'preact/hooks',
              importNames: ['useState', 'useReducer'],
              message: "A page's state is a signal: its model's, or a component's useSignal (services/web-kit/README.md).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  prettier,
  {
    // Prettier wraps code at 140; what it cannot wrap (strings, comments, SQL) stays readable too.
    rules: { 'max-len': ['error', { code: 160 }] },
  },
);
