// One linter for the whole repository; Prettier owns formatting.
import js from '@eslint/js';
import path from 'node:path';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import switchyard from './eslint/area-imports.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/build/**',
      '**/.docusaurus/**',
      '**/generated/**',
      'apps/docs/versioned_docs/**',
      'data/**',
      'test-output/**',
      'packages/code-refs/test/fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    files: ['apps/admin/**/*.tsx', 'apps/docs/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Components reach the server through hooks (use-*.ts beside them), which own query keys and invalidation.
    files: ['apps/admin/src/**/*.tsx'],
    ignores: ['apps/admin/src/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/api/client.ts'],
              importNames: ['call'],
              message: 'Call the server from a hook in a use-*.ts file, not from a component.',
            },
          ],
        },
      ],
    },
  },
  {
    // The areas of features/ import one way (ARCHITECTURE.md); production code never imports src/testing/.
    files: ['apps/server/src/**/*.ts'],
    plugins: { switchyard },
    rules: {
      'switchyard/area-imports': ['error', { src: path.join(import.meta.dirname, 'apps/server/src') }],
    },
  },
);
