import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'code-refs',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // The upload test starts a server on a database of its own; the type-checks compile a small program.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
