import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'statistics',
    include: ['src/**/*.test.ts'],
  },
});
