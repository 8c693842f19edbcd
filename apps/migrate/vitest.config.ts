import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'migrate',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 60_000,
    hookTimeout: 300_000,
  },
});
