import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'migrate',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    // Not one file at a time: that would put them in a group of their own at the end of the run, with one core idle.
    // Each file starts its own Unleash on a database of its own.
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
