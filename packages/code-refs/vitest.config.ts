import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'code-refs',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
  },
});
