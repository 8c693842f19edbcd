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
    // Files run beside the other workspaces' (the built folder is only read; each file starts its own browser and
    // servers on free ports): one file at a time would put them all in a group of their own at the end of the run,
    // with one core idle.
    testTimeout: 60_000,
    hookTimeout: 240_000,
  },
});
