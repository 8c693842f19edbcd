import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'],
    pool: 'forks',
    maxWorkers: 2,
    // One module graph per worker, not per file: importing the app's ~50 features cost each file 5-10 s. Nothing
    // module-level carries state between files (counters live in the app; each file builds its own app and database).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
