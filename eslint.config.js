// @ts-check
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.builds/',
      '.astro/',
      '.netlify/',
      '.data/',
      '.tmp/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      // One typed env module reads the environment (src/env.server.ts).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from src/env.server.ts.' },
      ],
    },
  },
  {
    // The env module itself, and tooling that configures child processes and test runners.
    files: ['src/env.server.ts', 'scripts/**', 'tests/**', 'packages/**', 'fakes/**', 'test-support/**', '*.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // Pages and components read data through repositories (src/server/repos) or the typed API
    // client; the HTTP layer in src/server/routes is the API's own business.
    files: ['src/pages/**', 'src/components/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/server/routes/**'],
              message: 'Import repositories from src/server/repos, or call the API through the typed client.',
            },
          ],
        },
      ],
    },
  },
  {
    // No import circles (they made module state load in an order nobody chose; one madge run used to
    // find them). Imports name their files with the extension, so Node's own resolution finds them.
    files: [
      'src/**/*.{ts,tsx,mts}',
      'netlify/**/*.mts',
      'scripts/**/*.ts',
      'packages/**/*.ts',
      'fakes/**/*.ts',
      'test-support/**/*.ts',
    ],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
)
