import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'access',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
