import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Component tests run in jsdom; tests/*.browser.test.ts drive Chromium against the real server (node env). */
export default defineConfig({
  plugins: [react()],
  test: {
    name: 'admin',
    root: import.meta.dirname,
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    environment: 'jsdom',
    setupFiles: ['./src/testing/setup.ts'],
    globalSetup: ['./tests/global-setup.ts'],
    maxWorkers: 2,
    // One module graph and one jsdom per worker, not per file: nothing module-level carries state between files
    // (each test renders with its own QueryClient and fake server), and a fresh jsdom per file cost most of the run.
    isolate: false,
    // jsdom typing through Mantine inputs takes seconds, and far longer on a loaded 2-core CI machine.
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
