// ESLint (flat config): typescript-eslint's recommended rules, the React hooks rules, and the
// architecture's own rules (tools/eslint/architecture.js): import boundaries, a module writes only
// its own tables, no concurrent queries on one transaction. `npm run lint` runs in CI.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import architecture from './tools/eslint/architecture.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/server/src/db/migrations/**', 'test-results/**', 'playwright-report/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: { allowDefaultProject: ['bench/*.ts', 'scripts/*.ts', '*.config.ts'] }, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { architecture },
    rules: {
      'architecture/boundaries': 'error',
      'architecture/no-foreign-table-writes': 'error',
      'architecture/no-concurrent-queries-in-transaction': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  // files outside the TypeScript projects (tools, configs, benchmarks) are linted without type information
  { files: ['**/*.{js,mjs,cjs}', 'bench/**', 'scripts/**', 'tools/**', '*.config.ts'], ...tseslint.configs.disableTypeChecked },
  // a file the size of one use case (issue 14): a longer one splits, or says why in a disable comment
  {
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/server/src/seed/**', 'apps/server/src/test/**', 'apps/web/src/test/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['apps/web/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);
