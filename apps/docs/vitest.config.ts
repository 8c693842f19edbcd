import { defineConfig } from 'vitest/config';

/**
 * The docs tests: unit tests beside the code (plugins/, scripts/, src/, tests/support/) and site tests in tests/,
 * which read the built site. tests/global-setup.ts builds it first when build/ is missing or older than its sources
 * (set DOCS_SKIP_BUILD=1 to run the unit tests alone without building).
 */
export default defineConfig({
  test: {
    name: 'docs',
    root: import.meta.dirname,
    include: ['plugins/**/*.test.ts', 'scripts/**/*.test.ts', 'src/**/*.test.ts', 'tests/**/*.test.{ts,tsx}'],
    globalSetup: ['./tests/global-setup.ts'],
    // The site tests share one built folder, a browser and a server on a 2-core machine.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
