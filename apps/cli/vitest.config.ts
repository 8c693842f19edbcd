import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'cli',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // Each file starts its own server processes and runs the CLI as a child process too.
    testTimeout: 90_000,
    hookTimeout: 120_000,
  },
});
