import { defineConfig } from 'vitest/config';
import LongestFirst from './scripts/test-sequencer.ts';

/** Every workspace's tests in one run; each workspace keeps its own vitest.config.ts. */
export default defineConfig({
  test: {
    projects: ['apps/*/vitest.config.ts', 'packages/*/vitest.config.ts'],
    maxWorkers: 2,
    sequence: { sequencer: LongestFirst },
  },
});
