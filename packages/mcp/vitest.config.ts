import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'mcp',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Each file starts a server on a database of its own.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
